package dev.framescope.physics;

import static dev.framescope.common.PromptRecipe.json;
import static dev.framescope.common.PromptRecipe.quote;

import dev.framescope.common.NearbyFiles;
import dev.framescope.common.PromptRecipe;
import dev.framescope.common.PromptRecipe.Argument;
import java.nio.file.Path;
import java.util.List;

/** The physics group's prompt: triage a recording. Recordings complete from the disk and the recording folders. */
final class RecordingPrompts {

    private RecordingPrompts() {
    }

    static List<PromptRecipe> all(List<Path> recordingDirs) {
        return List.of(new PromptRecipe("triage-recording", "Triage a physics recording",
                "Runs every physics check over an MSD-CPP recording (.db) and explains the worst anomalies.",
                List.of(new Argument("recording", "Recording", "Path of the recording (.db)", true,
                        given -> NearbyFiles.find(".db", recordingDirs))), a -> """
                Triage the MSD-CPP recording %s with the framescope tools:
                1. check_recording {"recording": %s}: every check, anomalies ranked by severity, then first frame.
                2. For the top three anomalies, make the calls each one names, then look closer: \
                get_recording_frame (with body_id), check_recording with check "contact_history" for contact \
                problems, "energy" and plot_energy for energy, "momentum" / "restitution" for impacts.
                3. Report each anomaly with its code, bodies, first and worst frame, the measured value against \
                its bound, and the most likely cause in the engine (solver, contact model, integration).
                """.formatted(quote(a.get("recording")), json(a.get("recording")))));
    }
}
