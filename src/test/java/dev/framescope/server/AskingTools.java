package dev.framescope.server;

import dev.framescope.common.ClientHuman;
import dev.framescope.common.ClientModel;
import dev.framescope.common.Param;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Tools that ask the client's person, and one that waits to be cancelled, for tests of both eras. */
final class AskingTools implements ToolGroup {

    private static final Logger log = LoggerFactory.getLogger(AskingTools.class);

    /** Incremented each time a "hold" call sees its cancel. */
    static final AtomicInteger HOLDS_CANCELLED = new AtomicInteger();

    record AskArgs(@Param(value = "How many questions, one after the other.", min = 1, max = 3) Integer questions,
                   @Param(value = "How long each answer is awaited, ms.", min = 1) Long timeoutMs) {
    }

    record Asked(String summary, List<String> answers) {
    }

    record NoArgs() {
    }

    record Said(String summary) {
    }

    private static final Map<String, Object> FORM = Map.of("type", "object", "properties",
            Map.of("ok", Map.of("type", "boolean")), "required", List.of("ok"));

    @Override
    public String name() {
        return "asking";
    }

    @Override
    public String guide() {
        return "Tools that ask, for tests.";
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(
                ToolDef.of("ask", "Ask", "Asks the person one to three yes/no questions and returns the answers.",
                        AskArgs.class, ToolHints.READS_ONLY, (args, ctx) -> {
                            int questions = args.questions() == null ? 1 : args.questions();
                            long timeout = args.timeoutMs() == null ? 60_000 : args.timeoutMs();
                            List<String> answers = new java.util.ArrayList<>();
                            for (int i = 1; i <= questions; i++) {
                                ClientHuman.Reply reply = ctx.clientHuman().ask("Question " + i + "?", FORM, timeout);
                                answers.add(reply.action() + (reply.content().isEmpty() ? "" : " " + reply.content()));
                            }
                            return ToolOutput.of(new Asked("asked " + questions, answers));
                        }).returns(Asked.class),
                ToolDef.of("ask_model", "Ask the model", "Asks the client's model one question and returns its words.",
                        NoArgs.class, ToolHints.READS_ONLY, (args, ctx) -> {
                            ClientModel.Answer answer = ctx.clientModel().ask("Be brief.", "What is 2+2?", null, null,
                                    64, 60_000);
                            log.info("the model answered {}", answer.status());
                            return ToolOutput.of(new Said(answer.status() + ": " + answer.text()));
                        }).returns(Said.class),
                ToolDef.of("hold", "Hold", "Reports progress, then waits until cancelled (at most 60 s).",
                        NoArgs.class, ToolHints.READS_ONLY, (args, ctx) -> {
                            ctx.progress(1, null, "holding");
                            long deadline = System.nanoTime() + 60_000_000_000L;
                            while (!ctx.cancellation().isCancelled() && System.nanoTime() < deadline) {
                                Thread.onSpinWait();
                            }
                            if (ctx.cancellation().isCancelled()) {
                                HOLDS_CANCELLED.incrementAndGet();
                            }
                            return ToolOutput.of(new Said("held"));
                        }).returns(Said.class));
    }
}
