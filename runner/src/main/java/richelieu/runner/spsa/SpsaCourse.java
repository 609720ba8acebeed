package richelieu.runner.spsa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import richelieu.engine.json.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The course of an SPSA tuning, as its result file keeps it ({@code "course": {…}}): every
 * iteration played (θ before it, the signs, the plus and minus sides' counts, the net wins) and θ
 * after the last. Reading a course recomputes the whole chain from the start, so a course that
 * does not follow from its seed and its counts is refused.
 */
/** The course so far: the iterations played and θ after the last. */
public record SpsaCourse(List<SpsaStep> steps, double[] theta, JsonNode confirm) {

    /** What a course follows from: the tuning's SPSA, its size and how an iteration's counts move θ. */
    public interface Tuning {
        Spsa spsa();

        TunedBot bot();

        long iterations();

        long pairsPerIteration();

        /** The net wins that move θ, from the plus and the minus side's wins, draws and losses. */
        double result(long[] plus, long[] minus);
    }

    public static SpsaCourse start(Tuning t) {
        return new SpsaCourse(List.of(), t.spsa().start(), null);
    }

    /**
     * Reads a stored course, recomputing θ from the start iteration by iteration: every step's
     * θ must be the one its predecessors lead to, its net wins the ones its counts give.
     */
    public static SpsaCourse read(Tuning t, JsonNode n) {
        if (n == null) {
            return start(t);
        }
        int k = t.spsa().parameters().size();
        JsonNode its = Json.arrayValue(n.get("iterations"), "course.iterations", 0, Integer.MAX_VALUE);
        if (its.size() > t.iterations()) {
            throw new IllegalArgumentException("course.iterations: " + its.size() + " iterations, but the run has "
                    + t.iterations());
        }
        List<SpsaStep> steps = new ArrayList<>();
        double[] theta = t.spsa().start();
        for (int j = 0; j < its.size(); j++) {
            String at = "course.iterations[" + j + "]";
            JsonNode it = Json.objectValue(its.get(j), at);
            double[] th = numbers(it.get("theta"), at + ".theta", k);
            int[] flips = new int[k];
            JsonNode f = Json.arrayValue(it.get("flips"), at + ".flips", k, k);
            for (int i = 0; i < k; i++) {
                flips[i] = (int) Json.longValue(f.get(i), at + ".flips[" + i + "]", -1, 1);
            }
            long[] plus = counts(it.get("plus"), at + ".plus");
            long[] minus = counts(it.get("minus"), at + ".minus");
            double result = numbers(it.get("result"), at + ".result");
            Perturbation p = t.spsa().perturb(j, j * t.pairsPerIteration(), theta);
            if (!Arrays.equals(th, theta)) {
                throw new IllegalArgumentException(at + ".theta: " + Arrays.toString(th) + ", but the iterations "
                        + "before it lead to " + Arrays.toString(theta));
            }
            if (!Arrays.equals(flips, p.flips())) {
                throw new IllegalArgumentException(at + ".flips: not the signs the seed draws for it");
            }
            if (Double.compare(result, t.result(plus, minus)) != 0) {
                throw new IllegalArgumentException(at + ".result: " + result + ", but its counts give "
                        + t.result(plus, minus));
            }
            steps.add(new SpsaStep(th, flips, plus, minus, result));
            theta = t.spsa().update(theta, p, result);
        }
        double[] last = numbers(n.get("theta"), "course.theta", k);
        if (!Arrays.equals(last, theta)) {
            throw new IllegalArgumentException("course.theta: " + Arrays.toString(last) + ", but the iterations lead to "
                    + Arrays.toString(theta));
        }
        JsonNode confirm = n.get("confirm");
        if (confirm != null) {
            Json.objectValue(confirm, "course.confirm");
        }
        return new SpsaCourse(List.copyOf(steps), theta, confirm);
    }

    public SpsaCourse plus(SpsaStep step, double[] next) {
        List<SpsaStep> all = new ArrayList<>(steps);
        all.add(step);
        return new SpsaCourse(List.copyOf(all), next, confirm);
    }

    public SpsaCourse withConfirm(JsonNode c) {
        return new SpsaCourse(steps, theta, c);
    }

    /** Wins, draws and losses of the plus side over the iterations played. */
    public long[] plusTotal() {
        return total(true);
    }

    /** Wins, draws and losses of the minus side over the iterations played. */
    public long[] minusTotal() {
        return total(false);
    }

    private long[] total(boolean plus) {
        long[] sum = new long[3];
        for (SpsaStep s : steps) {
            for (int i = 0; i < 3; i++) {
                sum[i] += plus ? s.plus()[i] : s.minus()[i];
            }
        }
        return sum;
    }

    public ObjectNode toJson(Tuning t) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        ArrayNode names = n.putArray("parameters");
        t.spsa().parameters().forEach(p -> names.add(p.name()));
        ArrayNode its = n.putArray("iterations");
        for (SpsaStep s : steps) {
            ObjectNode it = its.addObject();
            ArrayNode th = it.putArray("theta");
            for (double x : s.theta()) {
                th.add(x);
            }
            ArrayNode f = it.putArray("flips");
            for (int x : s.flips()) {
                f.add(x);
            }
            ArrayNode p = it.putArray("plus");
            ArrayNode m = it.putArray("minus");
            for (int i = 0; i < 3; i++) {
                p.add(s.plus()[i]);
                m.add(s.minus()[i]);
            }
            it.put("result", s.result());
        }
        ArrayNode th = n.putArray("theta");
        for (double x : theta) {
            th.add(x);
        }
        n.put("spec", t.bot().specAt(theta));
        if (confirm != null) {
            n.set("confirm", confirm);
        }
        return n;
    }

    private static double[] numbers(JsonNode v, String what, int k) {
        JsonNode a = Json.arrayValue(v, what, k, k);
        double[] x = new double[k];
        for (int i = 0; i < k; i++) {
            x[i] = numbers(a.get(i), what + "[" + i + "]");
        }
        return x;
    }

    private static double numbers(JsonNode v, String what) {
        if (v == null || !v.isNumber() || !Double.isFinite(v.doubleValue())) {
            throw new IllegalArgumentException(what + ": must be a finite number");
        }
        return v.doubleValue();
    }

    private static long[] counts(JsonNode v, String what) {
        JsonNode a = Json.arrayValue(v, what, 3, 3);
        long[] c = new long[3];
        for (int i = 0; i < 3; i++) {
            c[i] = Json.longValue(a.get(i), what + "[" + i + "]", 0, Long.MAX_VALUE);
        }
        return c;
    }
}
