package dev.framescope.shader.harness;

import com.microsoft.playwright.impl.driver.Driver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Playwright's Node driver (~130 MB) unpacked once per version under the state directory. Left alone, Playwright
 * unpacks it into a fresh temp folder on every start (0.8 s of the first shader call here) and leaves the folder
 * behind when the process is killed. The first process copies its own unpacked driver into the cache in the
 * background; later ones point Playwright at the copy ({@code playwright.cli.dir}). A driver the user configured
 * (that property or PLAYWRIGHT_DRIVER_DIR) is left alone.
 */
final class DriverCache {

    private static final String PROPERTY = "playwright.cli.dir";
    private static final String COMPLETE = ".complete";

    private DriverCache() {
    }

    /** Points Playwright at the cached driver when there is a complete one; returns whether it did. */
    static boolean use(Path stateDir) {
        if (userConfigured()) {
            return false;
        }
        Path dir = dir(stateDir);
        if (dir != null && Files.isRegularFile(dir.resolve(COMPLETE))) {
            System.setProperty(PROPERTY, dir.toString());
            return true;
        }
        return false;
    }

    /** After Playwright started from its own unpacked copy: keeps that copy for the next processes. */
    static void fill(Path stateDir) {
        Path dir = dir(stateDir);
        if (userConfigured() || dir == null || Files.exists(dir)) {
            return;
        }
        removeAbandonedCopies(dir);
        // Not a daemon: a process that ends right after its first call (the CLI) finishes the copy first (~0.5 s).
        Thread copier = new Thread(() -> copy(Driver.ensureDriverInstalled(Map.of(), false).driverDir(), dir),
                "playwright-driver-cache");
        copier.setPriority(Thread.MIN_PRIORITY);
        copier.start();
    }

    /** Half-made copies of processes that were killed while copying (named after their pid). */
    private static void removeAbandonedCopies(Path dir) {
        String prefix = dir.getFileName() + ".tmp-";
        try (Stream<Path> siblings = Files.list(dir.getParent())) {
            siblings.filter(p -> p.getFileName().toString().startsWith(prefix)).forEach(p -> {
                String pid = p.getFileName().toString().substring(prefix.length());
                boolean alive = pid.matches("\\d+") && ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive)
                        .orElse(false);
                if (!alive) {
                    deleteQuietly(p);
                }
            });
        } catch (IOException e) {
            // no state directory yet: nothing abandoned
        }
    }

    private static boolean userConfigured() {
        String mine = System.getProperty(PROPERTY);
        return (mine != null && !mine.contains("playwright-driver-")) || System.getenv("PLAYWRIGHT_DRIVER_DIR") != null;
    }

    private static void copy(Path source, Path target) {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            try (Stream<Path> files = Files.walk(source)) {
                for (Path f : files.toList()) {
                    Path to = temp.resolve(source.relativize(f).toString());
                    if (Files.isDirectory(f)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES); // keeps node executable
                    }
                }
            }
            Files.writeString(temp.resolve(COMPLETE), "", StandardCharsets.UTF_8);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp); // another process won the race, or the disk is full: next start tries again
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // nothing to clean
        }
    }

    /** {@code <stateDir>/playwright-driver-<version>}, the version read from the driver packaged in the JAR. */
    private static Path dir(Path stateDir) {
        try (InputStream in = DriverCache.class.getResourceAsStream("/driver/package/package.json")) {
            if (in == null) {
                return null;
            }
            Matcher m = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"").matcher(new String(in.readAllBytes(),
                    StandardCharsets.UTF_8));
            return m.find() ? stateDir.resolve("playwright-driver-" + m.group(1)) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
