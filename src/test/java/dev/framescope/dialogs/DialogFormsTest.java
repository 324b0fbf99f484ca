package dev.framescope.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.framescope.dialogs.DialogArgs.Option;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DialogFormsTest {

    @Test
    void shortDescriptionsJoinTheTitleAndLongOnesGoToTheFieldDescription() {
        String longer = "re-record the whole capture with validation layers on, then compare every draw";
        List<Option> options = List.of(new Option("Clamp", "clamp", "one-line fix"), new Option("Re-record", "rec",
                longer), new Option(null, "leave", null));
        Map<String, Object> field = DialogForms.choiceField("Choice", options, false);
        assertEquals(List.of(Map.of("const", "clamp", "title", "Clamp — one-line fix"),
                Map.of("const", "rec", "title", "Re-record"), Map.of("const", "leave", "title", "leave")),
                field.get("oneOf"), "spec shape: const and title only; a value-only option is titled by its value");
        assertEquals("Re-record: " + longer, field.get("description"));
        Map<String, Object> many = DialogForms.choiceField("Choices", options, true);
        assertEquals(Map.of("anyOf", field.get("oneOf")), many.get("items"));
        assertFalse(DialogForms.choiceField("Choice", List.of(new Option("A", null, null),
                new Option("B", null, null)), false).containsKey("description"), "no descriptions, no text");
    }

    @Test
    void thinkingModeIsASingleSelectPresetToNormal() {
        Map<String, Object> field = DialogForms.thinkingField();
        assertEquals("string", field.get("type"));
        assertEquals("normal", field.get("default"));
        assertEquals(DialogForms.THINKING_MODES, ((List<?>) field.get("oneOf")).stream()
                .map(o -> ((Map<?, ?>) o).get("const")).toList());
    }
}
