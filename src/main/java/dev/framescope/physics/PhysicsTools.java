package dev.framescope.physics;

import dev.framescope.common.PromptRecipe;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import dev.framescope.common.ToolOutput;
import dev.framescope.physics.checks.AnswerNumbers;
import dev.framescope.physics.checks.ContactChecks;
import dev.framescope.physics.checks.ContactHistory;
import dev.framescope.physics.checks.EnergyChecks;
import dev.framescope.physics.checks.EnergyPlot;
import dev.framescope.physics.checks.ImpactChecks;
import dev.framescope.physics.checks.MomentumChecks;
import dev.framescope.physics.checks.MotionChecks;
import dev.framescope.physics.checks.PhysicsArgs;
import dev.framescope.physics.checks.PhysicsArgs.EnergySeriesArgs;
import dev.framescope.physics.checks.PhysicsArgs.FrameArgs;
import dev.framescope.physics.checks.PhysicsArgs.ListRecordingsArgs;
import dev.framescope.physics.checks.PhysicsArgs.PlotArgs;
import dev.framescope.physics.checks.PhysicsArgs.RecordingArgs;
import dev.framescope.physics.checks.RecordingComparison;
import dev.framescope.physics.checks.RecordingQueries;
import dev.framescope.physics.checks.SolverChecks;
import dev.framescope.physics.checks.Triage;
import dev.framescope.physics.store.Recordings;
import java.util.List;
import java.util.Map;

/** MSD-CPP physics recordings (SQLite, opened read-only): the replay server's tools and FrameScope's checks. */
public final class PhysicsTools implements ToolGroup {

    private final RecordingQueries queries;
    private final EnergyChecks energy;
    private final EnergyPlot plot;
    private final RecordingChecks checks;
    private final List<PromptRecipe> prompts;

    public PhysicsTools(Recordings recordings) {
        this.prompts = RecordingPrompts.all(recordings.searchDirs());
        this.queries = new RecordingQueries(recordings);
        this.energy = new EnergyChecks(recordings);
        this.plot = new EnergyPlot(recordings);
        this.checks = new RecordingChecks(recordings);
    }

    @Override
    public String name() {
        return "physics";
    }

    @Override
    public String guide() {
        return "MSD-CPP rigid-body recordings (SQLite): call check_recording with the recording's path first; it "
                + "runs every check and names the frames, bodies and next calls. list_recordings finds files, "
                + "open_recording makes one active.";
    }

    @Override
    public List<PromptRecipe> prompts() {
        return prompts;
    }

    @Override
    public List<SharedParam> sharedParams() {
        return List.of(new SharedParam("recording", PhysicsArgs.RECORDING),
                new SharedParam("start_frame", PhysicsArgs.START), new SharedParam("end_frame", PhysicsArgs.END),
                new SharedParam("frame_id", PhysicsArgs.FRAME));
    }

    @Override
    public List<ToolDef<?>> tools() {
        return ToolDef.all(listRecordings(), openRecording(), getRecordingFrame(), getEnergySeries(), plotEnergy(),
                checkRecording());
    }

    private ToolDef.Builder<ListRecordingsArgs> listRecordings() {
        return ToolDef.of("list_recordings", "List recordings",
                "Lists MSD-CPP recordings (*.db) with their size; without 'directory', in "
                + "MSD_RECORDINGS_DIR, FRAMESCOPE_RECORDING_DIRS, replay/recordings/, "
                + "build/Debug/debug/recordings/ and every folder under the working directory holding .db "
                + "files (demo/recordings/ in a clone).",
                ListRecordingsArgs.class, ToolHints.READS_ONLY, (a, c) -> answer(queries.list(a)))
                .returns(RecordingQueries.RecordingList.class);
    }

    private ToolDef.Builder<RecordingArgs> openRecording() {
        return ToolDef.of("open_recording", "Open a recording",
                "Opens an MSD-CPP recording read-only and makes it active, so later calls may leave out "
                + "recording (without it: the active one). Frames, dt, duration, schema tables the file "
                + "lacks, bodies: inertial with mass (kg), restitution, friction; environment ones, ids "
                + "with bit 31 set.",
                RecordingArgs.class, ToolHints.READS_ONLY, (a, c) -> answer(queries.open(a)))
                .returns(RecordingQueries.OpenedRecording.class)
                .withAlias("load_recording", Map.of(), Map.of("path", "recording"))
                .withAliases("get_recording_metadata", "get_metadata");
    }

    private ToolDef.Builder<FrameArgs> getRecordingFrame() {
        return ToolDef.of("get_recording_frame", "Frame data",
                "Everything stored for one frame: post-step body states, collisions with contact points, "
                + "contact and friction rows (λ in N), the solver row ('solved: false' = no collisions); "
                + "lists paged. With body_id: that body's state with |v|, |ω| and the rows involving it.",
                FrameArgs.class, ToolHints.READS_ONLY, (a, c) -> answer(queries.frame(a)))
                .returns(RecordingQueries.FrameData.class)
                .withAliases("get_frame", "get_body_state", "get_contacts_for_body");
    }

    private ToolDef.Builder<EnergySeriesArgs> getEnergySeries() {
        return ToolDef.of("get_energy_series", "Energy series",
                "Energy (J) per frame, of the system or of body_id: linear KE ½m|v|², rotational KE, "
                + "potential m·9.81·z, total (system: also delta_e and MSD-CPP's flags); up to limit frames, "
                + "paged by next_start_frame; longer ranges in max_buckets min/max buckets, so spikes stay.",
                EnergySeriesArgs.class, ToolHints.READS_ONLY, (a, c) -> answer(energy.energySeries(a)))
                .returns(EnergyChecks.EnergySeriesAnswer.class)
                .withAliases("get_system_energy", "get_body_energy");
    }

    private ToolDef.Builder<PlotArgs> plotEnergy() {
        return ToolDef.of("plot_energy", "Plot energy",
                "PNG chart of system energy (total, kinetic, potential) or one body's over a frame range, "
                + "injections marked in red; the JSON part names the marked frames. ~0.3 s.",
                PlotArgs.class, ToolHints.READS_ONLY, (a, c) -> AnswerNumbers.of(plot.plot(a)))
                .returnsImages();
    }

    /** One tool for every check: each older single-check tool is an alias that picks its check. */
    private ToolDef.Builder<CheckArgs> checkRecording() {
        return ToolDef.of("check_recording", "Check a recording",
                        "check 'all' (default, start here): every check over the recording (or start_frame–end_frame); anomalies by severity "
                        + "then first frame, repeats merged, each with bodies, numbers and the calls that confirm it. "
                        + "One check in detail: energy (ΔE less free-fall loss: injections above energy_threshold, "
                        + "losses beyond it plus the contact bound); friction_cone at frame_id (|λt| ≤ μ·λn per row: "
                        + "utilisation, margin); penetration at frame_id (deepest overlap per pair vs slop and "
                        + "penetration_threshold); resting_contact at frame_id (resting, or jitter, sliding, "
                        + "rolling); restitution (per impact u⁺ vs −e·u⁻); momentum (per contact pair, impulses "
                        + "that must cancel); nonfinite (NaN/Inf state, non-unit quaternions); solver (iterations, "
                        + "residual, converged); contact_history of body_id and other_body_id (transitions, chatter, "
                        + "normal flips, penetration trend); body_motion of body_id from start_frame to end_frame "
                        + "(default the whole recording; deltas, unexplained Δv); compare with other_recording (same scene: first frame and body "
                        + "where states differ, growth, contacts in only one, energy).",
                        CheckArgs.class, ToolHints.READS_ONLY, (a, c) -> answer(checks.run(a, c)))
                .returns(Triage.TriageReport.class, EnergyChecks.EnergyAnomalies.class,
                        ContactChecks.FrictionConeReport.class, ContactChecks.PenetrationReport.class,
                        MotionChecks.RestingReport.class, ImpactChecks.RestitutionReport.class,
                        MomentumChecks.MomentumReport.class, MotionChecks.NonfiniteReport.class,
                        SolverChecks.SolverReport.class, ContactHistory.History.class, MotionChecks.Comparison.class,
                        RecordingComparison.CompareReport.class)
                .withAlias("triage_recording", Map.of("check", "all"))
                .withAlias("find_energy_anomalies", Map.of("check", "energy"), Map.of("threshold", "energy_threshold"))
                .withAlias("check_friction_cone", Map.of("check", "friction_cone"))
                .withAlias("check_penetration", Map.of("check", "penetration"),
                        Map.of("threshold", "penetration_threshold"))
                .withAlias("check_resting_contact", Map.of("check", "resting_contact"),
                        Map.of("window_frames", "rest_window_frames"))
                .withAlias("check_restitution", Map.of("check", "restitution"),
                        Map.of("tolerance", "restitution_tolerance"))
                .withAlias("check_momentum", Map.of("check", "momentum"), Map.of("tolerance", "momentum_tolerance"))
                .withAlias("find_nonfinite_state", Map.of("check", "nonfinite"))
                .withAlias("get_solver_diagnostics", Map.of("check", "solver"))
                .withAlias("get_contact_history", Map.of("check", "contact_history"),
                        Map.of("body_a_id", "body_id", "body_b_id", "other_body_id"))
                .withAlias("compare_body_across_frames", Map.of("check", "body_motion"),
                        Map.of("frame_a", "start_frame", "frame_b", "end_frame"));
    }

    /** Every physics answer goes out with its numbers rounded by one rule ({@link AnswerNumbers}). */
    private static ToolOutput answer(Object body) {
        return AnswerNumbers.of(ToolOutput.of(body));
    }

    @Override
    public List<DemoCall> demoCalls() {
        return List.of(
                new DemoCall("Every check over a faulty recording in one call", "check_recording",
                        "{\"recording\": \"demo/recordings/penetration.db\", \"limit\": 3}"),
                new DemoCall("Every check over a clean recording: no anomalies", "check_recording",
                        "{\"recording\": \"demo/recordings/drop_settle.db\"}"),
                new DemoCall("Open the energy-injection fixture", "open_recording",
                        "{\"recording\": \"demo/recordings/energy_injection.db\"}"),
                new DemoCall("Find the injected energy", "check_recording", "{\"check\": \"energy\", \"limit\": 3}"),
                new DemoCall("Friction cone at the faulty frame", "check_recording", "{\"check\": \"friction_cone\", "
                        + "\"frame_id\": 10, \"recording\": \"demo/recordings/friction_cone.db\"}"),
                new DemoCall("Penetration while the ball sinks", "check_recording", "{\"check\": \"penetration\", "
                        + "\"frame_id\": 160, \"recording\": \"demo/recordings/penetration.db\"}"));
    }
}
