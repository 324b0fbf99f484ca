package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ToolException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IsfExpressionTest {

    private static final Map<String, Double> VARS = Map.of("WIDTH", 640.0, "HEIGHT", 360.0, "scale", 0.25);

    @Test
    void evaluatesTheFormsIsfFilesUse() {
        assertEquals(320, IsfExpression.evaluate("$WIDTH/2", VARS));
        assertEquals(91, IsfExpression.evaluate("floor($HEIGHT*$scale)+1", VARS));
        assertEquals(2, IsfExpression.evaluate("max(1.0, min(2, 3))", VARS));
        assertEquals(-10, IsfExpression.evaluate(" -(2 + 3) * 2 ", VARS));
        assertEquals(256, IsfExpression.evaluate("pow(2, 8)", VARS));
    }

    @Test
    void badExpressionsNameTheProblem() {
        ToolException unknown = assertThrows(ToolException.class, () -> IsfExpression.evaluate("$DEPTH/2", VARS));
        assertTrue(unknown.getMessage().contains("unknown variable $DEPTH"), unknown.getMessage());
        ToolException trailing = assertThrows(ToolException.class, () -> IsfExpression.evaluate("$WIDTH 2", VARS));
        assertTrue(trailing.getMessage().contains("unexpected '2'"), trailing.getMessage());
    }
}
