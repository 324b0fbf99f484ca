package dev.framescope.physics.store;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * Per-body series read once from a whole table: for each body its frames in ascending order and {@code stride}
 * doubles per frame in one primitive array. Backs the state and energy series, which are one row per body per frame,
 * so a body's rows need no per-row objects and a frame's row is found by offset.
 */
final class Tracks {

    /** One body's rows. */
    static final class Track {
        private final int stride;
        private int[] frames;
        private double[] values;
        private int size;
        private boolean ordered = true;
        private boolean cameInOrder = true;

        private Track(int stride, int capacity) {
            this.stride = stride;
            frames = new int[Math.max(capacity, 1)];
            values = new double[frames.length * stride];
        }

        /** Adds a row for {@code frame} (rows come in row-id order); returns the offset of its values. */
        int append(int frame) {
            if (size == frames.length) {
                frames = Arrays.copyOf(frames, size * 2);
                values = Arrays.copyOf(values, frames.length * stride);
            }
            ordered &= size == 0 || frames[size - 1] < frame;
            frames[size] = frame;
            return size++ * stride;
        }

        double[] values() {
            return values;
        }

        int size() {
            return size;
        }

        int frame(int row) {
            return frames[row];
        }

        /** The row of {@code frame}, or −1; with one row per frame this is an offset from the first frame. */
        int indexOf(long frame) {
            if (size == 0 || frame < frames[0] || frame > frames[size - 1]) {
                return -1;
            }
            long guess = frame - frames[0];
            if (guess < size && frames[(int) guess] == frame) {
                return (int) guess;
            }
            int i = Arrays.binarySearch(frames, 0, size, (int) frame);
            return i >= 0 ? i : -1;
        }

        /** Rows sorted by frame (stable) when the file had them out of order; spare capacity trimmed. */
        private void finish() {
            cameInOrder = ordered;
            if (!ordered) {
                int[] order = byFrame(frames, size);
                values = permute(values, stride, order);
                frames = permute(frames, order);
                ordered = true;
            } else if (size < frames.length) {
                frames = Arrays.copyOf(frames, size);
                values = Arrays.copyOf(values, size * stride);
            }
        }

        /** The rows as a list whose elements {@code view} builds on access. */
        <T> List<T> asList(IntFunction<T> view) {
            return new Rows<>(this, view);
        }
    }

    private static final class Rows<T> extends AbstractList<T> implements RandomAccess {
        private final Track track;
        private final IntFunction<T> view;

        Rows(Track track, IntFunction<T> view) {
            this.track = track;
            this.view = view;
        }

        @Override
        public T get(int index) {
            if (index < 0 || index >= track.size) {
                throw new IndexOutOfBoundsException(index);
            }
            return view.apply(index);
        }

        @Override
        public int size() {
            return track.size;
        }
    }

    /** The row order that sorts {@code frames[0..size)} ascending, stable: a frame keeps its rows' stored order. */
    static int[] byFrame(int[] frames, int size) {
        Integer[] order = new Integer[size];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (x, y) -> Integer.compare(frames[x], frames[y]));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    static int[] permute(int[] column, int[] order) {
        int[] sorted = new int[order.length];
        Arrays.setAll(sorted, i -> column[order[i]]);
        return sorted;
    }

    static long[] permute(long[] column, int[] order) {
        long[] sorted = new long[order.length];
        Arrays.setAll(sorted, i -> column[order[i]]);
        return sorted;
    }

    /** Rows of {@code stride} doubles in {@code order}. */
    static double[] permute(double[] values, int stride, int[] order) {
        double[] sorted = new double[order.length * stride];
        for (int i = 0; i < order.length; i++) {
            System.arraycopy(values, order[i] * stride, sorted, i * stride, stride);
        }
        return sorted;
    }

    private final int stride;
    private final int capacity;
    private final Map<Long, Track> byBody = new HashMap<>();
    private List<Long> bodies;

    /** {@code capacity}: rows expected per body (the frame count), so the arrays are allocated once. */
    Tracks(int stride, int capacity) {
        this.stride = stride;
        this.capacity = capacity;
    }

    Track track(long body) {
        return byBody.computeIfAbsent(body, k -> new Track(stride, capacity));
    }

    /** Called once every row is in. */
    Tracks finish() {
        byBody.values().forEach(Track::finish);
        bodies = byBody.keySet().stream().sorted().toList();
        return this;
    }

    /** Whether every body's rows came in frame order (one row per frame, ascending). */
    boolean cameInFrameOrder() {
        return byBody.values().stream().allMatch(t -> t.cameInOrder);
    }

    /** The body's rows, or null when it has none. */
    Track get(long body) {
        return byBody.get(body);
    }

    List<Long> bodies() {
        return bodies;
    }
}
