package dev.framescope.server;

import dev.framescope.common.Cancellation;
import dev.framescope.common.Param;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A tool group for server tests: one tool per behaviour the registry and invoker must handle. */
final class SampleTools implements ToolGroup {

    /** Counted down when a "wait" call ends (cancelled or not). */
    static final java.util.concurrent.CountDownLatch WAIT_SAW_CANCEL = new java.util.concurrent.CountDownLatch(1);
    /** "stuck" calls block on this until a test releases permits. */
    static final java.util.concurrent.Semaphore STUCK = new java.util.concurrent.Semaphore(0);
    /** What became of the change each "change" call held, in order: "TAG kept" or "TAG undone". */
    static final List<String> SETTLED = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** A "change" answer with hold: counted down as it is rendered (its handler returned), then waits for MAY_RENDER. */
    static volatile java.util.concurrent.CountDownLatch rendering = new java.util.concurrent.CountDownLatch(0);
    static volatile java.util.concurrent.CountDownLatch mayRender = new java.util.concurrent.CountDownLatch(0);

    enum Mode { fast, exact }

    record Point(@Param(value = "x in pixels", required = true, min = 0) Integer x,
                 @Param(value = "y in pixels", required = true, min = 0) Integer y) {
    }

    record EchoArgs(
            @Param(value = "Name of the thing.", required = true, maxLength = 16) String name,
            @Param(value = "First frame, 1-based.", min = 1, max = 100) Integer startFrame,
            @Param(value = "Last frame, ≥ start_frame.", min = 1, max = 100) Integer endFrame,
            @Param("Speed or precision.") Mode mode,
            @Param(value = "Pixels to look at.", maxLength = 4) List<Point> pixels) {

        EchoArgs {
            startFrame = startFrame == null ? 1 : startFrame;
            endFrame = endFrame == null ? 100 : endFrame;
            mode = mode == null ? Mode.fast : mode;
            pixels = pixels == null ? List.of() : pixels;
            if (endFrame < startFrame) {
                throw ToolException.invalidArgument("end_frame", "≥ start_frame (" + startFrame + ")", endFrame);
            }
        }
    }

    record Echo(int schemaVersion, String summary, EchoArgs args) {
    }

    record NoArgs() {
    }

    record SizeArgs(@Param(value = "Characters to return.", required = true, min = 0) Integer chars) {
    }

    record Big(String summary, String text) {
    }

    record ChangeArgs(@Param(value = "Names the change.", required = true) String tag,
                      @Param("Hold the answer while it is rendered, until the test lets it go.") Boolean hold,
                      @Param(value = "Characters of padding in the answer.", min = 0) Integer chars) {
        ChangeArgs {
            hold = hold != null && hold;
            chars = chars == null ? 0 : chars;
        }
    }

    /** A "change" answer; rendering it (Jackson reads {@code summary()}) can be held, to cancel in between. */
    record Changed(String summary, String padding, @com.fasterxml.jackson.annotation.JsonIgnore boolean hold) {
        @Override
        public String summary() {
            if (hold) {
                rendering.countDown();
                try {
                    mayRender.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return summary;
        }
    }

    /** What the tools that answer a map say: a summary. */
    record Said(String summary) {
    }

    @Override
    public String name() {
        return "sample";
    }

    @Override
    public String guide() {
        return "Sample tools for tests.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(
                ToolDef.of("echo", "Echo", "Returns its arguments.", EchoArgs.class, ToolHints.READS_ONLY,
                        (args, ctx) -> ToolOutput.of(new Echo(1, "echoed " + args.name(), args)))
                        .returns(Echo.class)
                        .withAlias("echo_exact", Map.of("mode", "exact")),
                ToolDef.of("fail_not_found", "Fails", "Always NOT_FOUND.", NoArgs.class, ToolHints.READS_ONLY,
                        (args, ctx) -> {
                            throw ToolException.notFound("recording", "missing.db", "call list_recordings");
                        }).returns(Said.class),
                ToolDef.of("fail_timeout", "Times out", "Always TIMEOUT.", NoArgs.class, ToolHints.READS_ONLY,
                        (args, ctx) -> {
                            throw ToolException.timeout("replay", 250);
                        }).returns(Said.class),
                ToolDef.of("crash", "Crashes", "Throws a bug.", NoArgs.class, ToolHints.READS_ONLY,
                        (args, ctx) -> {
                            throw new IllegalStateException("boom", new ArithmeticException("root cause"));
                        }).returns(Said.class),
                ToolDef.of("sized", "Sized", "Returns a string of the given size.", SizeArgs.class,
                        ToolHints.READS_ONLY, (args, ctx) -> ToolOutput.of(new Big("big", "x".repeat(args.chars()))))
                        .maxOutputBytes(1000).returns(Big.class),
                ToolDef.of("steps", "Steps", "Reports progress twice, then returns.", NoArgs.class,
                        ToolHints.READS_ONLY, (args, ctx) -> {
                            ctx.progress(1, 2.0, "first half");
                            ctx.progress(2, 2.0, "done");
                            return ToolOutput.of(Map.of("summary", "two steps"));
                        }).returns(Said.class),
                ToolDef.of("picture", "Picture", "Returns an image.", NoArgs.class, ToolHints.READS_ONLY,
                        (args, ctx) -> new ToolOutput.WithImage(Map.of("summary", "a picture"),
                                new byte[] {(byte) 0x89, 'P', 'N', 'G'}, "image/png")).returnsImages(),
                ToolDef.of("wait", "Waits", "Reports progress, then waits until cancelled (at most 60 s) and says "
                        + "whether it saw the cancel.", NoArgs.class, ToolHints.READS_ONLY, (args, ctx) -> {
                            ctx.progress(1, null, "waiting");
                            long deadline = System.nanoTime() + 60_000_000_000L;
                            while (!ctx.cancellation().isCancelled() && System.nanoTime() < deadline) {
                                Thread.onSpinWait();
                            }
                            WAIT_SAW_CANCEL.countDown();
                            return ToolOutput.of(Map.of("summary", "cancelled: " + ctx.cancellation().isCancelled()));
                        }).returns(Said.class),
                ToolDef.of("change", "Change", "Changes what later calls see, held until its answer goes out.",
                        ChangeArgs.class, ToolHints.READS_ONLY, (args, ctx) -> {
                            ctx.cancellation().holdUntilAnswered(new Cancellation.Change() {
                                @Override
                                public void keep() {
                                    SETTLED.add(args.tag() + " kept");
                                }

                                @Override
                                public void undo() {
                                    SETTLED.add(args.tag() + " undone");
                                }
                            });
                            return ToolOutput.of(new Changed("changed " + args.tag(), "x".repeat(args.chars()),
                                    args.hold()));
                        }).returns(Changed.class),
                ToolDef.of("stuck", "Stuck", "Blocks, deaf to interrupts, until the test releases it; 200 ms time "
                        + "limit.", NoArgs.class, ToolHints.READS_ONLY, (args, ctx) -> {
                            STUCK.acquireUninterruptibly();
                            return ToolOutput.of(Map.of("summary", "released"));
                        }).withTimeLimit(args -> Duration.ofMillis(200)).returns(Said.class));
    }

}
