package dev.framescope.shader.formats;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.Map;

/**
 * ISF's WIDTH/HEIGHT expressions ("$WIDTH/2", "floor($HEIGHT*$scale)+1"): numbers, $WIDTH, $HEIGHT and $input
 * variables, + − × ÷, parentheses, unary minus, and floor, ceil, round, abs, sqrt, min, max, pow. Evaluated in Java
 * at render time because the size depends on the frame size and the inputs' values.
 */
final class IsfExpression {

    private final String text;
    private final Map<String, Double> variables;
    private int at;

    private IsfExpression(String text, Map<String, Double> variables) {
        this.text = text;
        this.variables = variables;
    }

    /** The value of {@code text} with {@code variables} bound (names without the '$'). */
    static double evaluate(String text, Map<String, Double> variables) {
        IsfExpression e = new IsfExpression(text, variables);
        double value = e.sum();
        e.skipSpaces();
        if (e.at != text.length()) {
            throw e.error("unexpected '" + text.charAt(e.at) + "'");
        }
        return value;
    }

    private double sum() {
        double value = product();
        while (true) {
            skipSpaces();
            if (eat('+')) {
                value += product();
            } else if (eat('-')) {
                value -= product();
            } else {
                return value;
            }
        }
    }

    private double product() {
        double value = unary();
        while (true) {
            skipSpaces();
            if (eat('*')) {
                value *= unary();
            } else if (eat('/')) {
                value /= unary();
            } else {
                return value;
            }
        }
    }

    private double unary() {
        skipSpaces();
        return eat('-') ? -unary() : atom();
    }

    private double atom() {
        skipSpaces();
        if (eat('(')) {
            double value = sum();
            expect(')');
            return value;
        }
        if (eat('$')) {
            String name = word();
            Double value = variables.get(name);
            if (value == null) {
                throw error("unknown variable $" + name + " (known: " + variables.keySet() + ")");
            }
            return value;
        }
        if (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) {
            int start = at;
            while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) {
                at++;
            }
            return Double.parseDouble(text.substring(start, at));
        }
        String function = word();
        expect('(');
        double a = sum();
        double b = Double.NaN;
        skipSpaces();
        if (eat(',')) {
            b = sum();
        }
        expect(')');
        return switch (function) {
            case "floor" -> Math.floor(a);
            case "ceil" -> Math.ceil(a);
            case "round" -> Math.round(a);
            case "abs" -> Math.abs(a);
            case "sqrt" -> Math.sqrt(a);
            case "min" -> Math.min(a, b);
            case "max" -> Math.max(a, b);
            case "pow" -> Math.pow(a, b);
            default -> throw error("unknown function " + function);
        };
    }

    private String word() {
        int start = at;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) {
            at++;
        }
        if (start == at) {
            throw error(at < text.length() ? "unexpected '" + text.charAt(at) + "'" : "unexpected end");
        }
        return text.substring(start, at);
    }

    private void skipSpaces() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean eat(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        skipSpaces();
        if (!eat(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private ToolException error(String why) {
        return new ToolException(ErrorCode.INVALID_ARGUMENT, "ISF size expression \"" + text + "\": " + why
                + " at character " + (at + 1), Map.of("expression", text));
    }
}
