package dev.framescope.dialogs;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.InputRequired;
import dev.framescope.common.ToolException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Questions asked through a client that answers by calling again ({@link InputRequired}): between the two rounds the
 * question stays open in {@link DialogRequests}, so it is shown in the diagnostics, timed from asking to answer and
 * counted once, and it times out here when no retry comes. A retry for a question that has ended (answered,
 * cancelled, timed out) is refused: one answer per question.
 */
final class DeferredQuestions {

    private final DialogRequests requests;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "dialog-retry-timeouts");
        thread.setDaemon(true);
        return thread;
    });

    DeferredQuestions(DialogRequests requests) {
        this.requests = requests;
    }

    /** The question a retry answers, still open; null on a first round ({@code ticket} null). */
    DialogRequests.Request resume(String ticket, String tool) {
        if (ticket == null) {
            return null;
        }
        DialogRequests.Request request = requests.find(ticket);
        if (request == null || !request.tool.equals(tool)) {
            throw new ToolException(ErrorCode.FAILED_PRECONDITION, "This answer is for question " + ticket + ", which "
                    + "has already ended (answered, cancelled or timed out); a question takes one answer. Call the "
                    + "tool again without inputResponses to ask anew.", Map.of("question", ticket));
        }
        return request;
    }

    /** The question waits for the client's retry for at most {@code timeout}; {@code asked} names it. */
    void awaitRetry(DialogRequests.Request request, Duration timeout, InputRequired asked) {
        asked.ticket(request.id);
        timer.schedule(() -> requests.end(request, Reply.ended(DialogState.TIMED_OUT, "the client did not answer "
                + "within " + timeout.toSeconds() + " s")), timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
