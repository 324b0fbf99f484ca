package dev.framescope.server;

import dev.framescope.common.ToolGroup;

/** The {@code instructions} text sent in {@code initialize}: what FrameScope is and each group's first call. */
final class ServerInstructions {

    private ServerInstructions() {
    }

    static String text(ToolRegistry registry) {
        StringBuilder text = new StringBuilder("""
                FrameScope debugs graphics with real engines (headless Chromium for shader effects, RenderDoc's \
                own replay for .rdc captures, SQLite for physics recordings) and answers with raw measurements and \
                documented formulas; you decide the thresholds. Failures come back as isError results whose text is JSON {code, message, context}; the message \
                says what to do next. Lists are bounded: count, preview, truncated.
                Tool groups in this build:
                """);
        for (ToolGroup group : registry.groups()) {
            text.append("- ").append(group.name()).append(": ").append(group.guide()).append(sharedParams(group))
                    .append('\n');
        }
        return text.toString().strip();
    }

    /** The group's parameters that {@code tools/list} describes here once rather than in every tool. */
    static String sharedParams(ToolGroup group) {
        if (group.sharedParams().isEmpty()) {
            return "";
        }
        return " Alike in every tool here: " + String.join(" ", group.sharedParams().stream()
                .map(p -> p.name() + ": " + p.description()).toList());
    }
}
