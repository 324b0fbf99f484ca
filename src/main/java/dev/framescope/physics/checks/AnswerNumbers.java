package dev.framescope.physics.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolOutput;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The one rule for numbers in the JSON of physics answers: every non-integer number is rounded to ten significant
 * digits. Binary floating point gives sums and differences tails that mean nothing (a force of 98.10000000000001 N,
 * a step change of -0.12318220800003132 J next to -0.12318220799997448 J for the same free-fall loss); a double
 * carries 15–17 digits and such tails sit in the last few, so ten drop them while keeping far more than any check's
 * tolerance or the prose's four digits ({@link Findings#number}) needs. Integers (frames, ids, counts) are left as
 * they are. The checks compute on full doubles; only the answer is rounded, in {@code PhysicsTools}.
 */
public final class AnswerNumbers {

    static final int SIGNIFICANT_DIGITS = 10;
    private static final MathContext ROUNDING = new MathContext(SIGNIFICANT_DIGITS, RoundingMode.HALF_EVEN);
    /** 1e0–1e22, the powers of ten a double holds exactly. */
    private static final double[] POWERS_OF_TEN = new double[23];

    static {
        double power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private AnswerNumbers() {
    }

    /** A tool's answer with its numbers rounded, the image (if any) kept. */
    public static ToolOutput of(ToolOutput output) {
        if (output instanceof ToolOutput.WithImage image) {
            return new ToolOutput.WithImage(rounded(image.body()), image.image(), image.mimeType());
        }
        if (output instanceof ToolOutput.WithImages images) {
            return new ToolOutput.WithImages(rounded(images.body()), images.images());
        }
        return ToolOutput.of(rounded(output.body()));
    }

    /** The JSON tree of {@code body}, every non-integer number rounded to {@link #SIGNIFICANT_DIGITS}. */
    static JsonNode rounded(Object body) {
        JsonNode tree = Json.tree(body);
        round(tree);
        return tree;
    }

    /** {@code value} to {@link #SIGNIFICANT_DIGITS} significant digits; 0 and non-finite values unchanged. */
    static double round(double value) {
        if (!Double.isFinite(value) || value == 0) {
            return value;
        }
        // Scaling by an exact power of ten and dividing back is correctly rounded and ~40× faster than BigDecimal,
        // which matters on answers of thousands of numbers; BigDecimal (the exact binary value) decides near a tie,
        // where the scaled product's own rounding could pick the wrong side, and beyond the exact powers 1e0–1e22.
        int shift = SIGNIFICANT_DIGITS - 1 - (int) Math.floor(Math.log10(Math.abs(value)));
        if (shift >= 0 && shift < POWERS_OF_TEN.length) {
            double scaled = value * POWERS_OF_TEN[shift];
            double whole = Math.rint(scaled);
            if (Math.abs(Math.abs(whole - scaled) - 0.5) > 1e-6) {
                return whole / POWERS_OF_TEN[shift];
            }
        } else if (shift < 0 && -shift < POWERS_OF_TEN.length) {
            double scaled = value / POWERS_OF_TEN[-shift];
            double whole = Math.rint(scaled);
            if (Math.abs(Math.abs(whole - scaled) - 0.5) > 1e-6) {
                return whole * POWERS_OF_TEN[-shift];
            }
        }
        return new BigDecimal(value).round(ROUNDING).doubleValue();
    }

    private static void round(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode child = object.get(name);
                if (child.isFloatingPointNumber()) {
                    object.set(name, DoubleNode.valueOf(round(child.doubleValue())));
                } else {
                    round(child);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode child = array.get(i);
                if (child.isFloatingPointNumber()) {
                    array.set(i, DoubleNode.valueOf(round(child.doubleValue())));
                } else {
                    round(child);
                }
            }
        }
    }
}
