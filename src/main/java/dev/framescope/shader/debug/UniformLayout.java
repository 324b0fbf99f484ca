package dev.framescope.shader.debug;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where glslang put a shader's uniforms, read from its reflection ({@code glslangValidator -q}): the loose uniforms in
 * the default uniform block ({@code -R}) at std140 offsets, the samplers at their bindings. {@link #pack} lays the
 * values WebGL2 held out at those offsets, so the native draw reads what the browser's draw read.
 */
public final class UniformLayout {

    /** One reflected uniform: {@code offset} in the block (-1 for a sampler), GL type enum, array size and stride. */
    public record Slot(String name, int offset, int type, int size, int arrayStride, int binding) {

        boolean sampler() {
            return offset < 0 && binding >= 0;
        }
    }

    /** Bytes of the block: at least this, as std140 rounds a block up to 16. */
    public record Block(String name, int size, int binding) {
    }

    private static final Pattern SLOT = Pattern.compile(
            "^(\\S+): offset (-?\\d+), type ([0-9a-f]+), size (\\d+), index (-?\\d+), binding (-?\\d+)"
                    + "(?:.*arrayStride (\\d+))?.*$");

    private final Map<String, Slot> slots;
    private final Block block;

    private UniformLayout(Map<String, Slot> slots, Block block) {
        this.slots = slots;
        this.block = block;
    }

    /** Parses the "Uniform reflection" and "Uniform block reflection" sections of glslang's {@code -q} output. */
    public static UniformLayout parse(String reflection, String blockName) {
        Map<String, Slot> slots = new LinkedHashMap<>();
        Block block = null;
        String section = "";
        for (String line : reflection.split("\n")) {
            if (line.endsWith("reflection:")) {
                section = line;
                continue;
            }
            Matcher m = SLOT.matcher(line.strip());
            if (!m.matches()) {
                continue;
            }
            if (section.startsWith("Uniform reflection")) {
                slots.put(m.group(1), new Slot(m.group(1), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4)),
                        m.group(7) == null ? 0 : Integer.parseInt(m.group(7)), Integer.parseInt(m.group(6))));
            } else if (section.startsWith("Uniform block reflection") && m.group(1).equals(blockName)) {
                int size = line.contains("size ") ? Integer.parseInt(line.replaceAll(".*size (\\d+).*", "$1")) : 0;
                block = new Block(blockName, size, Integer.parseInt(m.group(6)));
            }
        }
        return new UniformLayout(slots, block);
    }

    /**
     * This layout and another stage's, for one buffer: a uniform both have must be at the same offset, and one only
     * the other has must not overlap any of this one's. Samplers are bound by name for both stages
     * ({@link SamplerBindings}).
     */
    public UniformLayout with(UniformLayout other) {
        Map<String, Slot> merged = new LinkedHashMap<>(slots);
        for (Slot s : other.blockSlots().values()) {
            Slot mine = slots.get(s.name());
            if (mine != null && mine.offset() != s.offset()) {
                throw new Unsupported("uniform " + s.name() + " is at offset " + s.offset() + " in the vertex stage's "
                        + "block and " + mine.offset() + " in the fragment stage's, and the native draw has one buffer");
            }
            if (mine == null) {
                for (Slot f : blockSlots().values()) {
                    if (s.offset() < f.offset() + bytes(f) && f.offset() < s.offset() + bytes(s)) {
                        throw new Unsupported("the vertex stage's uniform " + s.name() + " overlaps the fragment "
                                + "stage's " + f.name() + " in the one uniform buffer the native draw has");
                    }
                }
                merged.put(s.name(), s);
            }
        }
        Block both = block == null ? other.block : other.block == null ? block
                : new Block(block.name(), Math.max(block.size(), other.block.size()), block.binding());
        return new UniformLayout(merged, both);
    }

    /** Bytes a slot covers in std140. */
    private static int bytes(Slot s) {
        int one = GlTypes.columns(s.type()) > 1 ? 16 * GlTypes.columns(s.type()) : 4 * GlTypes.rows(s.type());
        return s.size() > 1 ? s.arrayStride() * s.size() : one;
    }

    /** The default uniform block, or null when the shader reads no loose uniform. */
    public Block block() {
        return block;
    }

    /** Sampler name to binding, for the samplers the shader reads. */
    public Map<String, Integer> samplers() {
        Map<String, Integer> out = new LinkedHashMap<>();
        slots.values().stream().filter(Slot::sampler).forEach(s -> out.put(s.name(), s.binding()));
        return out;
    }

    /** The uniforms in the block, by name. */
    public Map<String, Slot> blockSlots() {
        Map<String, Slot> out = new LinkedHashMap<>();
        slots.values().stream().filter(s -> s.offset() >= 0).forEach(s -> out.put(s.name(), s));
        return out;
    }

    /**
     * The block's bytes: each value at its slot ({@code values}: name → per array element, its components, a matrix
     * column by column as WebGL gives it). Integers and booleans are 32-bit integers, matrices std140 columns of 16
     * bytes. Returns the names the block reads that {@code values} has no value for (left 0).
     */
    public List<String> pack(Map<String, List<List<Double>>> values, ByteBuffer into) {
        into.order(ByteOrder.LITTLE_ENDIAN);
        List<String> missing = new ArrayList<>();
        for (Slot slot : blockSlots().values()) {
            List<List<Double>> elements = values.get(slot.name());
            if (elements == null) {
                missing.add(slot.name());
                continue;
            }
            int columns = GlTypes.columns(slot.type());
            int rows = GlTypes.rows(slot.type());
            boolean integer = GlTypes.integer(slot.type());
            for (int e = 0; e < Math.min(slot.size(), elements.size()); e++) {
                List<Double> components = elements.get(e);
                int base = slot.offset() + e * slot.arrayStride();
                for (int c = 0; c < columns; c++) {
                    for (int r = 0; r < rows; r++) {
                        int k = c * rows + r;
                        if (k >= components.size()) {
                            continue;
                        }
                        int at = base + (columns > 1 ? c * 16 : 0) + r * 4;
                        if (integer) {
                            into.putInt(at, (int) Math.round(components.get(k)));
                        } else {
                            into.putFloat(at, components.get(k).floatValue());
                        }
                    }
                }
            }
        }
        return missing;
    }
}
