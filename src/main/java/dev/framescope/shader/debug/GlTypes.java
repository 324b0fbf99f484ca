package dev.framescope.shader.debug;

import java.util.Map;

/** The GL type enums glslang's reflection and WebGL2's getActiveUniform name: their shape and component kind. */
final class GlTypes {

    /** Type → {columns, rows, integer (1) or float (0)}; a vector is one column. */
    private static final Map<Integer, int[]> SHAPES = Map.ofEntries(
            Map.entry(0x1406, new int[] {1, 1, 0}), Map.entry(0x8B50, new int[] {1, 2, 0}),
            Map.entry(0x8B51, new int[] {1, 3, 0}), Map.entry(0x8B52, new int[] {1, 4, 0}),
            Map.entry(0x1404, new int[] {1, 1, 1}), Map.entry(0x8B53, new int[] {1, 2, 1}),
            Map.entry(0x8B54, new int[] {1, 3, 1}), Map.entry(0x8B55, new int[] {1, 4, 1}),
            Map.entry(0x1405, new int[] {1, 1, 1}), Map.entry(0x8DC6, new int[] {1, 2, 1}),
            Map.entry(0x8DC7, new int[] {1, 3, 1}), Map.entry(0x8DC8, new int[] {1, 4, 1}),
            Map.entry(0x8B56, new int[] {1, 1, 1}), Map.entry(0x8B57, new int[] {1, 2, 1}),
            Map.entry(0x8B58, new int[] {1, 3, 1}), Map.entry(0x8B59, new int[] {1, 4, 1}),
            Map.entry(0x8B5A, new int[] {2, 2, 0}), Map.entry(0x8B5B, new int[] {3, 3, 0}),
            Map.entry(0x8B5C, new int[] {4, 4, 0}), Map.entry(0x8B65, new int[] {2, 3, 0}),
            Map.entry(0x8B66, new int[] {2, 4, 0}), Map.entry(0x8B67, new int[] {3, 2, 0}),
            Map.entry(0x8B68, new int[] {3, 4, 0}), Map.entry(0x8B69, new int[] {4, 2, 0}),
            Map.entry(0x8B6A, new int[] {4, 3, 0}));

    private GlTypes() {
    }

    static int columns(int type) {
        return SHAPES.getOrDefault(type, new int[] {1, 1, 0})[0];
    }

    static int rows(int type) {
        return SHAPES.getOrDefault(type, new int[] {1, 1, 0})[1];
    }

    static boolean integer(int type) {
        return SHAPES.getOrDefault(type, new int[] {1, 1, 0})[2] == 1;
    }
}
