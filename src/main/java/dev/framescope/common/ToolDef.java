package dev.framescope.common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One tool as a group declares it, with nothing of MCP in it: the server turns it into an MCP tool, the CLI calls it
 * in-process, and the docs generator and contract tests read it. The input schema is generated from
 * {@code argsType}, a record whose components carry {@link Param} annotations.
 *
 * @param name           tool name as clients see it (snake_case)
 * @param title          short human title
 * @param description    written for the model: what it does, when to use it, cost, what comes back
 * @param argsType       input record; arguments are validated against its schema, then converted into it
 * @param hints          MCP annotations
 * @param maxOutputBytes budget for the text of one result; larger results fail with OUTPUT_TOO_LARGE
 * @param handler        the single call into the group's core
 * @param timeLimit      how long one call may run, from when it starts on a worker (not while it queues); past it
 *                       the call is cancelled and answers {@code TIMEOUT}, so no call can hold a worker for good
 * @param aliases        older names {@code tools/call} still accepts for this tool (not listed), so prompts written for
 *                       the original servers, or for tools since folded into this one, keep working
 * @param answer         what the tool answers with ({@link #returns}, {@link #returnsImages},
 *                       {@link #returnsSchemaFile}); the registry refuses a tool that does not say
 * @param lane           where its calls run ({@link Lane}); a call that waits for a person runs apart from the rest
 * @param admission      checked before a call takes its place in the lane ({@link #waitsForPerson})
 */
public record ToolDef<A>(String name, String title, String description, Class<A> argsType, ToolHints hints,
                         int maxOutputBytes, Handler<A> handler, TimeLimit<A> timeLimit,
                         List<ToolAlias> aliases, AnswerShape answer, Lane lane, Admission<A> admission) {

    /** Generous for any analysis here; groups whose calls legitimately run longer (a person answering) say so. */
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofMinutes(10);

    /** Enough for a rich analysis result and well under Claude Code's default 25,000-token output cap. */
    public static final int DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;

    public ToolDef {
        if (!name.matches("[A-Za-z0-9_.-]{1,128}")) {
            throw new IllegalArgumentException("tool name not allowed by MCP: " + name);
        }
        aliases = List.copyOf(aliases);
        if (!argsType.isRecord()) {
            throw new IllegalArgumentException("argsType of " + name + " must be a record: " + argsType);
        }
        lane = lane == null ? Lane.WORK : lane;
        admission = admission == null ? args -> { } : admission;
    }

    public static <A> ToolDef<A> of(String name, String title, String description, Class<A> argsType,
                                    ToolHints hints, Handler<A> handler) {
        return new ToolDef<>(name, title, description, argsType, hints, DEFAULT_MAX_OUTPUT_BYTES, handler,
                args -> DEFAULT_TIME_LIMIT, List.of(), null, Lane.WORK, null);
    }

    /** This tool answering with one of these records (several when a parameter picks which). */
    public ToolDef<A> returns(Class<?>... records) {
        return withAnswer(new AnswerShape.Records(List.of(records)));
    }

    /** This tool's answer may carry images (a plot, a rendered frame, what a person attached). */
    public ToolDef<A> returnsImages() {
        return withAnswer(new AnswerShape.Images());
    }

    /** This tool's answer is built outside Java; its shape is the JSON Schema file at this class-path resource. */
    public ToolDef<A> returnsSchemaFile(String resource) {
        return withAnswer(new AnswerShape.SchemaFile(resource));
    }

    /** As {@link #returnsSchemaFile}, for an answer that may also carry images ({@link AnswerShape.SchemaFile}). */
    public ToolDef<A> returnsSchemaFileWithImages(String resource) {
        return withAnswer(new AnswerShape.SchemaFile(resource, true));
    }

    private ToolDef<A> withAnswer(AnswerShape shape) {
        return new ToolDef<>(name, title, description, argsType, hints, maxOutputBytes, handler, timeLimit, aliases,
                shape, lane, admission);
    }

    /** This tool with another time limit, e.g. one that follows a {@code timeout_s} argument. */
    public ToolDef<A> withTimeLimit(TimeLimit<A> limit) {
        return new ToolDef<>(name, title, description, argsType, hints, maxOutputBytes, handler, limit, aliases,
                answer, lane, admission);
    }

    /** This tool also answering to these older names in {@code tools/call}. */
    public ToolDef<A> withAliases(String... older) {
        ToolDef<A> tool = this;
        for (String name : older) {
            tool = tool.withAlias(name, Map.of());
        }
        return tool;
    }

    /** This tool also answering to an older name that stands for these arguments ({@link ToolAlias}). */
    public ToolDef<A> withAlias(String older, Map<String, Object> presets) {
        return withAlias(older, presets, Map.of());
    }

    /**
     * This tool also answering to an older name that stands for these arguments and called some parameters by
     * other names ({@link ToolAlias}).
     */
    public ToolDef<A> withAlias(String older, Map<String, Object> presets,
                                Map<String, String> renames) {
        List<ToolAlias> all = new ArrayList<>(aliases);
        all.add(new ToolAlias(older, presets, renames));
        return new ToolDef<>(name, title, description, argsType, hints, maxOutputBytes, handler, timeLimit, all,
                answer, lane, admission);
    }

    /**
     * This tool's calls wait for a person: they run on the {@link Lane#PERSON} lane, so questions left waiting never
     * hold the places other tools run in, and {@code admission} decides on the caller's thread, before a call takes
     * its place, whether it may be asked at all (a rate limit): a refusal is answered at once.
     */
    public ToolDef<A> waitsForPerson(Admission<A> admission) {
        return new ToolDef<>(name, title, description, argsType, hints, maxOutputBytes, handler, timeLimit, aliases,
                answer, Lane.PERSON, admission);
    }

    /**
     * Where a tool's calls run. {@code WORK}: the bounded pool every analysis shares, where a call past the running
     * ones queues. {@code PERSON}: calls that wait for a person's answer, which may take minutes; they never queue
     * behind, or in front of, other calls, and past a bound of their own they are refused at once.
     */
    public enum Lane {
        WORK,
        PERSON
    }

    /** Decides before a call takes its place whether it may run; throws {@link ToolException} to refuse it. */
    @FunctionalInterface
    public interface Admission<A> {
        void admit(A args);
    }

    /** The time limit of one call, from its converted arguments. */
    @FunctionalInterface
    public interface TimeLimit<A> {
        Duration of(A args);
    }

    @FunctionalInterface
    public interface Handler<A> {
        ToolOutput handle(A args, ToolContext context);
    }
}
