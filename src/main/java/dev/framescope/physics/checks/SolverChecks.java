package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.PhysicsArgs.RangeArgs;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.SolverDiagnostics;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import java.util.ArrayList;
import java.util.List;

/**
 * Solver rows over a frame range. Rows of frames without collisions are "no solve" (MSD-CPP writes zeros there, or
 * older versions repeat the last solve) and are marked {@code solved: false}; only solved frames count towards
 * non-convergence.
 */
public final class SolverChecks {

    private final Recordings recordings;

    public SolverChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    public record SolverReport(int schemaVersion, String summary, long startFrame, long endFrame, int solvedFrames,
                               int framesWithoutSolve, int notConverged, int maxIterations, double maxResidual,
                               Bounded<SolverDiagnostics> rows) {
    }

    public SolverReport diagnostics(RangeArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return diagnostics(lease.store(), args);
        }
    }

    private static SolverReport diagnostics(RecordingStore store, RangeArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<SolverDiagnostics> rows = new ArrayList<>();
        int solved = 0;
        int notConverged = 0;
        int maxIterations = 0;
        double maxResidual = 0;
        for (long f = range.start(); f <= range.end(); f++) {
            SolverDiagnostics row = store.solver(f);
            if (row == null) {
                continue;
            }
            rows.add(row);
            if (row.solved()) {
                solved++;
                notConverged += row.converged() ? 0 : 1;
                maxIterations = Math.max(maxIterations, row.iterations());
                if (Double.isFinite(row.residual())) {
                    maxResidual = Math.max(maxResidual, row.residual());
                }
            }
        }
        List<SolverDiagnostics> ordered = new ArrayList<>(rows.stream().filter(r -> r.solved() && !r.converged())
                .toList());
        rows.stream().filter(r -> r.solved() && r.converged()).forEach(ordered::add);
        rows.stream().filter(r -> !r.solved()).forEach(ordered::add);
        String summary = String.format("Frames %d–%d: %d solved (%d not converged, max %d iterations, max residual "
                        + "%s), %d without a solve (no collisions; not a convergence failure).", range.start(),
                range.end(), solved, notConverged, maxIterations, Findings.number(maxResidual), rows.size() - solved);
        return new SolverReport(RecordingQueries.SCHEMA_VERSION, summary, range.start(), range.end(), solved,
                rows.size() - solved, notConverged, maxIterations, maxResidual, Bounded.of(ordered, args.limit()));
    }
}
