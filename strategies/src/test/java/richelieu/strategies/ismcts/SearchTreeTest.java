package richelieu.strategies.ismcts;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tree's storage: sorted children, lookup, growth, backup and compaction to a kept subtree. */
class SearchTreeTest {

    /** The actions of {@code node}'s children in list order. */
    private static String children(SearchTree t, int node) {
        StringBuilder b = new StringBuilder();
        for (int ch = t.firstChild(node); ch >= 0; ch = t.nextSibling(ch)) {
            b.append(b.length() == 0 ? "" : " ").append(t.action(ch));
        }
        return b.toString();
    }

    @Test
    void addChild_anyOrder_keepsSiblingsSortedByActionAndFindsEachByActionAndMover() {
        SearchTree t = new SearchTree();
        int root = t.newRoot();
        int c30 = t.addChild(root, 30, 1);
        int c10 = t.addChild(root, 10, 1);
        int c20 = t.addChild(root, 20, 0);
        assertEquals("10 20 30", children(t, root));
        assertEquals(c10, t.child(root, 10, 1));
        assertEquals(c20, t.child(root, 20, 0));
        assertEquals(c30, t.child(root, 30, 1));
        assertEquals(-1, t.child(root, 20, 1), "the same action by another seat is another node");
        assertEquals(-1, t.child(root, 25, 0));
        assertEquals(1, t.avail(c10), "a new child was available once");
    }

    @Test
    void newNodes_pastTheInitialCapacity_growKeepingEveryNode() {
        SearchTree t = new SearchTree();
        int node = t.newRoot();
        for (int i = 0; i < 5000; i++) {
            node = t.addChild(node, i & 63, i & 1);
        }
        assertEquals(5001, t.size);
        int walk = 0;
        for (int i = 0; i < 5000; i++) {
            walk = t.child(walk, i & 63, i & 1);
            assertTrue(walk > 0, "depth " + i);
        }
        assertEquals(node, walk);
    }

    @Test
    void decided_onlyWhenTheLeaderLeadsByMoreThanTheVisitsLeft_soNoRemainingVisitsCanChangeTheMove() {
        SearchTree t = new SearchTree();
        int root = t.newRoot();
        assertTrue(!t.decided(root, 0), "no child: nothing is decided, not even with no visits left");
        int a = t.addChild(root, 7, 0);
        int b = t.addChild(root, 3, 0);
        int c = t.addChild(root, 5, 0);
        for (int i = 0; i < 6; i++) {
            t.backup(root, new int[]{a}, 1, new double[]{1});
        }
        t.backup(root, new int[]{b}, 1, new double[]{0});
        t.backup(root, new int[]{b}, 1, new double[]{0});
        t.backup(root, new int[]{c}, 1, new double[]{0});
        // a 6, b 2, c 1: a leads the runner-up by 4
        assertTrue(t.decided(root, 3), "b could reach 5 at most");
        assertTrue(!t.decided(root, 4), "b could tie a at 6, and b (action 3) wins ties");
        assertTrue(t.decided(root, 0));
        int lone = t.addChild(a, 9, 1);
        t.backup(root, new int[]{a, lone}, 2, new double[]{1, 0});
        assertTrue(t.decided(a, 0), "one child with a visit leads untried actions (0 visits)");
        assertTrue(!t.decided(a, 1));
    }

    @Test
    void backupThenMostVisited_countsVisitsAndMoverRewards_tieGoesToTheLowerAction() {
        SearchTree t = new SearchTree();
        int root = t.newRoot();
        int a = t.addChild(root, 7, 0);
        int b = t.addChild(root, 3, 1);
        int bb = t.addChild(b, 9, 0);
        t.backup(root, new int[]{a}, 1, new double[]{1, 0});
        t.backup(root, new int[]{b, bb}, 2, new double[]{0.25, 0.75});
        assertEquals(2, t.visits(root));
        assertEquals(1, t.visits(a));
        assertEquals(1.0, t.reward(a));
        assertEquals(0.75, t.reward(b), "credited from its mover's (seat 1's) view");
        assertEquals(0.25, t.reward(bb));
        assertEquals(3, t.mostVisitedAction(root), "one visit each: the lower action");
        t.backup(root, new int[]{a}, 1, new double[]{1, 0});
        assertEquals(7, t.mostVisitedAction(root));
        assertEquals(-1, t.mostVisitedAction(a), "no children");
    }

    @Test
    void compact_keepsExactlyTheSubtreeAsNodeZero_withItsStatistics() {
        SearchTree t = new SearchTree();
        int root = t.newRoot();
        int keep = t.addChild(root, 5, 0);
        t.addChild(root, 6, 0);
        int x = t.addChild(keep, 12, 1);
        int y = t.addChild(keep, 11, 1);
        int z = t.addChild(x, 40, 0);
        t.backup(root, new int[]{keep, x, z}, 3, new double[]{0.5, 0.5});
        t.backup(root, new int[]{keep, y}, 2, new double[]{1, 0});
        t.compact(keep);
        assertEquals(4, t.size, "keep, its two children and one grandchild");
        assertEquals(5, t.action(0));
        assertEquals(2, t.visits(0));
        assertEquals(1.5, t.reward(0));
        assertEquals("11 12", children(t, 0));
        int nx = t.child(0, 12, 1);
        assertEquals("40", children(t, nx));
        assertEquals(0.5, t.reward(t.child(nx, 40, 0)));
        assertEquals(0, t.reward(t.child(0, 11, 1)), "seat 1 got 0 in the second iteration");
        // the tree keeps working after the swap: new children land after the kept nodes
        int added = t.addChild(0, 10, 1);
        assertEquals(4, added);
        assertEquals("10 11 12", children(t, 0));
    }
}
