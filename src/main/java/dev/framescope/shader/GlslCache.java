package dev.framescope.shader;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * glslang results kept in memory, least recently used first out, under the SHA-256 of exactly what was checked:
 * the stage, the text glslang read (version line, options and prelude included) and the text prelude lines are
 * quoted from. An edited file hashes differently and is checked again; an unchanged one is answered from memory.
 */
final class GlslCache {

    private final int capacity;
    private final Map<String, GlslReflection.Result> entries;

    GlslCache(int capacity) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, GlslReflection.Result> eldest) {
                return size() > GlslCache.this.capacity;
            }
        };
    }

    static String key(GlslReflection.Job job) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {job.stage(), job.text(), job.source()}) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    synchronized GlslReflection.Result get(GlslReflection.Job job) {
        return entries.get(key(job));
    }

    synchronized void put(GlslReflection.Job job, GlslReflection.Result result) {
        entries.put(key(job), result);
    }

    synchronized int size() {
        return entries.size();
    }
}
