package dev.framescope.common;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * A list cut to a preview: {@code count} is the full number of items, {@code preview} the first {@code limit} of
 * them, {@code truncated} whether any were left out. Every list a tool returns goes through this type so that
 * output stays bounded and the caller always knows how much it did not see.
 */
public record Bounded<T>(int count, List<T> preview, boolean truncated) {

    public Bounded {
        preview = List.copyOf(preview);
        if (count < preview.size()) {
            throw new IllegalArgumentException("count " + count + " < preview size " + preview.size());
        }
    }

    public static <T> Bounded<T> of(Collection<? extends T> all, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        List<T> preview = new ArrayList<>(Math.min(limit, all.size()));
        Iterator<? extends T> it = all.iterator();
        while (preview.size() < limit && it.hasNext()) {
            preview.add(it.next());
        }
        return new Bounded<>(all.size(), preview, all.size() > preview.size());
    }

    /** Items {@code offset..offset+limit−1} of {@code all}: one page; truncated when any item is not on it. */
    public static <T> Bounded<T> page(List<? extends T> all, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must be >= 0, were " + offset + ", " + limit);
        }
        int from = Math.min(offset, all.size());
        List<T> preview = new ArrayList<>(all.subList(from, Math.min(all.size(), from + limit)));
        return new Bounded<>(all.size(), preview, preview.size() < all.size());
    }

    public static <T> Bounded<T> empty() {
        return new Bounded<>(0, List.of(), false);
    }
}
