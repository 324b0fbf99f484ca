package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Questions are read word by word: a keyword inside another word ("c-api-tal") says nothing. */
class QuestionTopicTest {

    @Test
    void aKeywordInsideAnotherWordIsNotATopic() {
        for (String question : List.of("What is the capital of France?", "Any information on the terrain?",
                "Is the uvula visible?", "Does the rapid fade look nice?")) {
            QuestionTopic topic = QuestionTopic.of(question);
            assertFalse(topic.isMeasured(), question + " → " + topic);
        }
    }

    @Test
    void wordsPluralsStemsAndPhrasesAreTopics() {
        assertEquals(List.of("nan_written", "inf_written"), QuestionTopic.of("Why are there NaNs?").codes());
        assertEquals("inf_written", QuestionTopic.of("Where do the infinite values come from?").codes().get(0));
        assertEquals("api_error", QuestionTopic.of("Is there a GL error? Any GL_INVALID_ENUM?").codes().get(0));
        assertEquals("uv_out_of_range", QuestionTopic.of("Are the texture coordinates off?").codes().get(0));
        assertEquals("no_depth_target", QuestionTopic.of("Why does it z-fight?").codes().get(0));
    }

    @Test
    void aGeneralQuestionAndACountAreTopicsWithoutCodes() {
        QuestionTopic wrong = QuestionTopic.of("anything wrong?");
        assertTrue(wrong.general() && wrong.codes().isEmpty() && wrong.isMeasured());
        QuestionTopic draws = QuestionTopic.of("How many draws are in this frame?");
        assertEquals("draw_calls", draws.count().field());
        assertEquals("draw call", draws.count().noun(1));
        assertEquals("dispatches", QuestionTopic.of("What is the number of dispatches?").count().field());
        assertNull(QuestionTopic.of("Which draw is the most expensive?").count(), "no count asked");
        assertNull(QuestionTopic.of("How many lights are there?").count(), "nothing the digest counts");
    }
}
