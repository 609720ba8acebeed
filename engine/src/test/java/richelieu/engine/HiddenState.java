package richelieu.engine;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.IdentityHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Test helper (also used by the strategies module through the engine test-jar): walks every
 * field reachable from an object through this project's classes, arrays and JDK collections,
 * and fails if it reaches a {@link GameState} or a {@link Deal} — the only objects holding
 * hidden tokens (R26).
 */
public final class HiddenState {
    private HiddenState() {
    }

    public static void assertUnreachableFrom(Object root) {
        walk(root, new IdentityHashMap<>());
    }

    private static void walk(Object o, Map<Object, Boolean> seen) {
        if (o == null || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        assertFalse(o instanceof GameState || o instanceof Deal, "reaches a " + o.getClass().getSimpleName());
        Class<?> c = o.getClass();
        if (c.isArray()) {
            if (!c.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(o); i++) {
                    walk(Array.get(o, i), seen);
                }
            }
            return;
        }
        if (o instanceof Iterable<?> it && c.getName().startsWith("java.")) {
            for (Object x : it) {
                walk(x, seen);
            }
            return;
        }
        for (Class<?> k = c; k != null && k.getName().startsWith("richelieu."); k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                f.setAccessible(true);
                try {
                    walk(f.get(o), seen);
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }
}
