package dev.framescope.physics.checks;

import dev.framescope.physics.checks.Triage.Anomaly;
import dev.framescope.physics.checks.Triage.NextCall;
import dev.framescope.physics.checks.Triage.Severity;
import dev.framescope.physics.checks.Triage.Worst;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** How triage builds one finding (its span, numbers and confirming calls) and folds recurring ones together. */
final class Findings {

    /** The number that judges each code's finding: its largest magnitude over the frames is the worst. */
    private static final Map<String, String> WORST_QUANTITY = Map.ofEntries(
            Map.entry("NONFINITE_STATE", "frames_affected"), Map.entry("QUATERNION_NOT_UNIT", "frames_affected"),
            Map.entry("NONFINITE_ENERGY", "frames_affected"),
            Map.entry("ENERGY_INJECTION", "residual_j"), Map.entry("ENERGY_LOSS", "loss_beyond_bound_j"), Map.entry("FRICTION_CONE_VIOLATION", "max_utilisation"),
            Map.entry("CONTACT_CHATTER", "gaps"), Map.entry("NORMAL_FLIP", "flips"),
            Map.entry("EXCESSIVE_PENETRATION", "max_depth_m"), Map.entry("STEADY_PENETRATION", "max_depth_m"),
            Map.entry("NORMAL_JUMP", "jumps"), Map.entry("VELOCITY_JUMP", "residual_m_s"),
            Map.entry("NOT_AT_REST", "frames"), Map.entry("RESTITUTION_GAIN", "effective_restitution"),
            Map.entry("STILL_APPROACHING", "pre_normal_velocity_m_s"),
            Map.entry("MOMENTUM_NOT_CONSERVED", "residual_kg_m_s"), Map.entry("SOLVER_NOT_CONVERGED", "residual"));

    private Findings() {
    }

    /** Where a single finding lies before grouping, and the frame of its worst value. */
    record Span(long first, long last, int count, long worstFrame) {
        static Span at(long frame) {
            return new Span(frame, frame, 1, frame);
        }
    }

    /**
     * A value rounded to four significant digits, trailing zeros dropped: 0.049999… prints as 0.05, 1.0e-6 as
     * 0.000001 (never 0.0000), 45.000 as 45, values below 1e-6 or from 1e7 in scientific notation (1.235e-09). This is
     * the one number format of physics prose; a value that is not finite prints as NULL (NaN: how cpp_sqlite stores
     * it, and what arithmetic on a NULL gives) or +Inf / -Inf.
     */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "NULL";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros();
        double magnitude = Math.abs(value);
        return magnitude >= 1e-6 && magnitude < 1e7 ? rounded.toPlainString()
                : String.format("%.3e", value).replaceAll("\\.?0+e", "e");
    }

    /** A length in metres with four significant digits. */
    static String metres(double value) {
        return quantity(value, "m");
    }

    /** "1.5 m/s"; a value that is not finite without its unit ("NULL", not "NaN m/s"). */
    static String quantity(double value, String unit) {
        return Double.isFinite(value) ? number(value) + " " + unit : number(value);
    }

    /** "+45 J" for a gain, "-1.5 J" for a loss: the sign is the finding. */
    static String signed(double value, String unit) {
        return (value > 0 ? "+" : "") + quantity(value, unit);
    }

    /** The sentence's first letter in capitals ("Body 2 and environment 1 …"). */
    static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** A call of {@code check_recording} for one check, with its parameters. */
    static NextCall check(String check, String file, Object... keyValues) {
        Object[] all = new Object[keyValues.length + 2];
        all[0] = "check";
        all[1] = check;
        System.arraycopy(keyValues, 0, all, 2, keyValues.length);
        return call("check_recording", file, all);
    }

    static NextCall call(String tool, String file, Object... keyValues) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            arguments.put((String) keyValues[i], keyValues[i + 1]);
        }
        arguments.put("recording", file);
        return new NextCall(tool, arguments);
    }

    static Map<String, Object> numbers(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    static Anomaly anomaly(Span span, List<Long> bodies, Severity severity, String code, String message,
                                   Map<String, Object> numbers, List<NextCall> nextCalls) {
        String quantity = WORST_QUANTITY.get(code);
        double value = numbers.get(quantity) instanceof Number n ? n.doubleValue() : Double.NaN;
        return new Anomaly(span.first(), span.first(), span.last(), span.count(),
                new Worst(quantity, value, span.worstFrame()), bodies, severity, code, message, numbers, nextCalls);
    }

    /**
     * Folds the findings of one code on the same bodies into one anomaly over their frames, so a defect that recurs
     * on a hundred frames takes one line and cannot push a different defect off the first page.
     */
    static List<Anomaly> grouped(List<Anomaly> found) {
        Map<List<Object>, List<Anomaly>> groups = new LinkedHashMap<>();
        for (Anomaly a : found) {
            groups.computeIfAbsent(List.of(a.code(), a.bodies()), k -> new ArrayList<>()).add(a);
        }
        List<Anomaly> result = new ArrayList<>();
        for (List<Anomaly> group : groups.values()) {
            result.add(group.size() == 1 ? group.get(0) : merged(group));
        }
        return result;
    }

    static Anomaly merged(List<Anomaly> group) {
        Anomaly first = group.stream().min(Comparator.comparingLong(Anomaly::firstFrame)).orElseThrow();
        Anomaly worst = group.stream().max(Comparator.comparingDouble(Findings::magnitude)).orElseThrow();
        long last = group.stream().mapToLong(Anomaly::lastFrame).max().orElseThrow();
        int count = group.stream().mapToInt(Anomaly::count).sum();
        Set<NextCall> next = new LinkedHashSet<>(first.nextCalls());
        next.addAll(worst.nextCalls());
        Worst w = worst.worst();
        String message = first.message() + String.format(" Found on %d frames in %d–%d; worst %s %s at frame %d.",
                count, first.firstFrame(), last, w.quantity(), number(w.value()), w.frameId());
        return new Anomaly(first.firstFrame(), first.firstFrame(), last, count, w, first.bodies(), first.severity(),
                first.code(), message, first.numbers(), List.copyOf(next));
    }

    static double magnitude(Anomaly a) {
        double value = a.worst().value();
        return Double.isNaN(value) ? -1 : Math.abs(value);
    }
}
