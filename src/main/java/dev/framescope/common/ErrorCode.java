package dev.framescope.common;

/**
 * The closed set of failure kinds a tool reports in {@code {code, message, context}}. Callers branch on the code;
 * the message is for the person or model reading it.
 */
public enum ErrorCode {
    /** An argument is missing, has the wrong type, or is out of range. */
    INVALID_ARGUMENT,
    /** A named file, effect, capture, recording, frame, event or body does not exist. */
    NOT_FOUND,
    /** The call is valid but needs an earlier step first (e.g. a capture must be opened). */
    FAILED_PRECONDITION,
    /** The operation ran past its time limit; context names the limit. */
    TIMEOUT,
    /** An external engine (Chromium, RenderDoc, glslang) is not installed or cannot start; context gives the fix. */
    ENGINE_UNAVAILABLE,
    /** An external engine started but failed or crashed during the call. */
    ENGINE_FAILED,
    /** The result would exceed the tool's output budget; narrow the request. */
    OUTPUT_TOO_LARGE,
    /** Too many calls in a short time (e.g. questions to the person); context gives retry_after_s and retry_at. */
    RATE_LIMITED,
    /** The caller cancelled the call (MCP notifications/cancelled) or went away; the work was stopped. */
    CANCELLED,
    /** A bug in FrameScope; context carries the cause chain. */
    INTERNAL
}
