package dev.framescope.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a request may name inside the store, checked before any name becomes a path: project ids (only the shape
 * {@link #newId} makes), project and capture names, and file paths inside a project (relative, under
 * {@code captures/} or {@code resources/} only, no {@code ..}, no hidden segment, no link leading out).
 */
final class ProjectPaths {

    static final String CAPTURES = "captures";
    static final String RESOURCES = "resources";
    static final String DEFAULT_NAME = "Untitled";

    private static final Pattern ID = Pattern.compile("prj-[A-Za-z0-9_-]{16}");
    private static final int MAX_NAME_CHARS = 200;
    /** File systems count a name's bytes, not its characters. */
    private static final int MAX_SEGMENT_BYTES = 255;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ProjectPaths() {
    }

    /** "prj-" and 96 random bits, URL-safe base64: unguessable, and safe as a folder name and in a URL. */
    static String newId() {
        return "prj-" + randomToken();
    }

    /** 16 URL-safe characters (96 random bits). */
    static String randomToken() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static boolean isId(String id) {
        return id != null && ID.matcher(id).matches();
    }

    /** A malformed id names no project and never becomes a path: 400 naming "id". */
    static String checkId(String id) {
        if (!isId(id)) {
            throw ConsoleException.badRequest("id", "project id '" + shorten(id)
                    + "' is not one this console made (prj- and 16 URL-safe characters); list them with GET /projects");
        }
        return id;
    }

    /** Trimmed; null or blank gives "Untitled"; at most 200 characters, no control characters. */
    static String checkName(String name) {
        if (name == null || name.isBlank()) {
            return DEFAULT_NAME;
        }
        String trimmed = name.strip();
        if (trimmed.length() > MAX_NAME_CHARS || trimmed.chars().anyMatch(Character::isISOControl)) {
            throw ConsoleException.badRequest("name",
                    "a project name is at most " + MAX_NAME_CHARS + " characters, without control characters");
        }
        return trimmed;
    }

    /** A capture's file name: plain (no folder, not hidden), ending in .rdc. */
    static String checkCaptureName(String name, String parameter) {
        if (name == null || !isPlainSegment(name) || !name.toLowerCase(Locale.ROOT).endsWith(".rdc")
                || name.length() <= ".rdc".length()) {
            throw ConsoleException.badRequest(parameter, "a capture name is a plain file name ending in .rdc"
                    + " (no '/', no '..', not starting with '.'), not '" + shorten(name) + "'");
        }
        return name;
    }

    /**
     * The normalised form of a path inside a project ("." and empty segments dropped), or 400 naming
     * {@code parameter}: relative, with '/', under captures/ (one .rdc name) or resources/, no "..", no hidden
     * segment (temp files are hidden).
     */
    static String normalise(String path, String parameter) {
        if (path == null || path.isBlank() || path.startsWith("/") || path.contains("\\")) {
            throw badPath(parameter, path, "a relative path with '/' is expected");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (!isPlainSegment(segment)) {
                throw badPath(parameter, path, "'..', hidden names and control characters are not allowed");
            }
            segments.add(segment);
        }
        if (segments.size() < 2 || !List.of(CAPTURES, RESOURCES).contains(segments.get(0))) {
            throw badPath(parameter, path, "only files under captures/ and resources/ are served");
        }
        if (segments.get(0).equals(CAPTURES)) {
            if (segments.size() != 2) {
                throw badPath(parameter, path, "captures/ holds .rdc files only, no folders");
            }
            checkCaptureName(segments.get(1), parameter);
        }
        return String.join("/", segments);
    }

    /**
     * The real path of an existing regular file at {@code normalised} inside {@code projectDir}: 404 when there is
     * none, 400 when a link leads outside its top folder (captures/ or resources/ of this very project).
     */
    static Path confine(Path projectDir, String normalised, String parameter) {
        Path candidate = projectDir.resolve(normalised);
        if (!Files.exists(candidate)) {
            throw fileNotFound(parameter, "no file '" + normalised + "' in this project;"
                    + " list them with GET /projects/:id/resources");
        }
        try {
            Path top = projectDir.toRealPath().resolve(normalised.substring(0, normalised.indexOf('/')));
            Path real = candidate.toRealPath();
            if (!real.startsWith(top)) {
                throw badPath(parameter, normalised, "it is a link that leads outside the project's folder");
            }
            if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                throw fileNotFound(parameter, "'" + normalised + "' is not a file");
            }
            return real;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + candidate, e);
        }
    }

    private static boolean isPlainSegment(String segment) {
        return !segment.isEmpty() && !segment.startsWith(".") && !segment.contains("/") && !segment.contains("\\")
                && segment.getBytes(StandardCharsets.UTF_8).length <= MAX_SEGMENT_BYTES
                && segment.chars().noneMatch(Character::isISOControl);
    }

    private static ConsoleException fileNotFound(String parameter, String message) {
        return new ConsoleException(404, "NOT_FOUND", message, Map.of("what", "file", "parameter", parameter));
    }

    private static ConsoleException badPath(String parameter, String path, String why) {
        return new ConsoleException(400, "INVALID_ARGUMENT", "path '" + shorten(path) + "' refused: " + why,
                Map.of("parameter", parameter));
    }

    static String shorten(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() <= 80 ? text : text.substring(0, 80) + "…";
    }
}
