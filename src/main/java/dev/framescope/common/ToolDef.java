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
 * @param answer         what the tool answers with ({@link Builder#returns}, {@link Builder#returnsImages},
 *                       {@link Builder#returnsSchemaFile}); the registry refuses a tool that does not say
 * @param lane           where its calls run ({@link Lane}); a call that waits for a person runs apart from the rest
 * @param admission      checked before a call takes its place in the lane ({@link Builder#waitsForPerson})
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

    /**
     * The start of a tool's declaration: what every tool has. The rest is optional, said on the {@link Builder}, which
     * {@link #all} builds; a group's {@code tools()} is {@code ToolDef.all(oneTool(), anotherTool(), …)}.
     */
    public static <A> Builder<A> of(String name, String title, String description, Class<A> argsType,
                                    ToolHints hints, Handler<A> handler) {
        return new Builder<>(name, title, description, argsType, hints, handler);
    }

    /** The declared tools, built, in the order given (the order of {@code tools/list}). */
    public static List<ToolDef<?>> all(Builder<?>... tools) {
        List<ToolDef<?>> built = new ArrayList<>();
        for (Builder<?> tool : tools) {
            built.add(tool.build());
        }
        return List.copyOf(built);
    }

    /** A tool being declared: the parts {@link #of} takes, and the optional ones with their defaults. */
    public static final class Builder<A> {

        private final String name;
        private final String title;
        private final String description;
        private final Class<A> argsType;
        private final ToolHints hints;
        private final Handler<A> handler;
        private int maxOutputBytes = DEFAULT_MAX_OUTPUT_BYTES;
        private TimeLimit<A> timeLimit = args -> DEFAULT_TIME_LIMIT;
        private final List<ToolAlias> aliases = new ArrayList<>();
        private AnswerShape answer;
        private Lane lane = Lane.WORK;
        private Admission<A> admission;

        private Builder(String name, String title, String description, Class<A> argsType, ToolHints hints,
                        Handler<A> handler) {
            this.name = name;
            this.title = title;
            this.description = description;
            this.argsType = argsType;
            this.hints = hints;
            this.handler = handler;
        }

        /** This tool answering with one of these records (several when a parameter picks which). */
        public Builder<A> returns(Class<?>... records) {
            answer = new AnswerShape.Records(List.of(records));
            return this;
        }

        /** This tool's answer may carry images (a plot, a rendered frame, what a person attached). */
        public Builder<A> returnsImages() {
            answer = new AnswerShape.Images();
            return this;
        }

        /** This tool's answer is built outside Java; its shape is the JSON Schema file at this class-path resource. */
        public Builder<A> returnsSchemaFile(String resource) {
            answer = new AnswerShape.SchemaFile(resource);
            return this;
        }

        /** As {@link #returnsSchemaFile}, for an answer that may also carry images (then no outputSchema is listed). */
        public Builder<A> returnsSchemaFileAndImages(String resource) {
            answer = new AnswerShape.SchemaFile(resource, true);
            return this;
        }

        /** Another budget for the text of one result than {@link #DEFAULT_MAX_OUTPUT_BYTES}. */
        public Builder<A> maxOutputBytes(int bytes) {
            maxOutputBytes = bytes;
            return this;
        }

        /** Another time limit than {@link #DEFAULT_TIME_LIMIT}, e.g. one that follows a {@code timeout_s} argument. */
        public Builder<A> withTimeLimit(TimeLimit<A> limit) {
            timeLimit = limit;
            return this;
        }

        /** This tool also answering to these older names in {@code tools/call}. */
        public Builder<A> withAliases(String... older) {
            for (String alias : older) {
                withAlias(alias, Map.of());
            }
            return this;
        }

        /** This tool also answering to an older name that stands for these arguments ({@link ToolAlias}). */
        public Builder<A> withAlias(String older, Map<String, Object> presets) {
            return withAlias(older, presets, Map.of());
        }

        /**
         * This tool also answering to an older name that stands for these arguments and called some parameters by
         * other names ({@link ToolAlias}).
         */
        public Builder<A> withAlias(String older, Map<String, Object> presets, Map<String, String> renames) {
            aliases.add(new ToolAlias(older, presets, renames));
            return this;
        }

        /**
         * This tool's calls wait for a person: they run on the {@link Lane#PERSON} lane, so questions left waiting
         * never hold the places other tools run in, and {@code admission} decides on the caller's thread, before a
         * call takes its place, whether it may be asked at all (a rate limit): a refusal is answered at once.
         */
        public Builder<A> waitsForPerson(Admission<A> admission) {
            this.lane = Lane.PERSON;
            this.admission = admission;
            return this;
        }

        public ToolDef<A> build() {
            return new ToolDef<>(name, title, description, argsType, hints, maxOutputBytes, handler, timeLimit,
                    aliases, answer, lane, admission);
        }
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
