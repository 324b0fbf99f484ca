package dev.framescope.physics.checks;

import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.RecordingStore;
import java.util.List;

/**
 * The inertial body an energy change at one frame is blamed on: the one whose own recorded total energy
 * ({@code EnergyRecord.total_e}, E_k − E_{k−1}) changed most that way, rose most for an injection and fell most for a
 * loss. The energy check and check 'all' both name it, by this one rule.
 *
 * @param deltaEJ the body's own signed change (J)
 */
record BodyChange(long bodyId, double deltaEJ) {

    /**
     * The body at {@code frame} whose change times {@code sign} (+1 injection, −1 loss) is largest; null when the
     * recording has no body energies, or no inertial body has a finite energy on both frames.
     */
    static BodyChange at(RecordingStore store, long frame, int sign) {
        if (store.missingTables().contains("EnergyRecord")) {
            return null;
        }
        BodyChange most = null;
        for (long body : BodyIds.inertial(store)) {
            double change = change(store.bodyEnergy(body), frame);
            if (Double.isFinite(change) && (most == null || sign * change > sign * most.deltaEJ())) {
                most = new BodyChange(body, change);
            }
        }
        return most;
    }

    /** E_k − E_{k−1} of one body's series (ascending by frame), or NaN when it lacks either frame. */
    private static double change(List<EnergyPoint> series, long frame) {
        int at = indexOf(series, frame);
        if (at <= 0 || series.get(at - 1).frameId() != frame - 1) {
            return Double.NaN;
        }
        return series.get(at).totalE() - series.get(at - 1).totalE();
    }

    private static int indexOf(List<EnergyPoint> series, long frame) {
        int low = 0;
        int high = series.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long at = series.get(mid).frameId();
            if (at < frame) {
                low = mid + 1;
            } else if (at > frame) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
