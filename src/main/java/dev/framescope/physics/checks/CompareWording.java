package dev.framescope.physics.checks;

import dev.framescope.physics.checks.RecordingComparison.ContactDifference;
import dev.framescope.physics.checks.RecordingComparison.EnergyDifference;
import dev.framescope.physics.checks.RecordingComparison.GrowthBucket;
import dev.framescope.physics.checks.RecordingComparison.StateDifference;
import dev.framescope.physics.store.FrameRange;
import java.util.List;

/** The first line of a comparison of two recordings: identical, or where they part and how far. */
final class CompareWording {

    private CompareWording() {
    }

    /**
     * {@code equal}: nothing differs over {@code range}. Recordings of different lengths are never called identical:
     * the summary then opens with both lengths and the frames only the longer one has.
     */
    static String summary(FrameRange range, int bodies, int frames, int otherFrames, boolean equal,
                          StateDifference first, StateDifference beyond, List<GrowthBucket> growth,
                          int contactFrames, List<ContactDifference> contacts, EnergyDifference energy,
                          double tolerance) {
        String over = "frames " + range.start() + "–" + range.end();
        String length = frames == otherFrames ? "" : "The recordings differ in length: recording has " + frames
                + " frames, other_recording " + otherFrames + " (frames " + (Math.min(frames, otherFrames) + 1) + "–"
                + Math.max(frames, otherFrames) + " are only in " + (frames > otherFrames ? "recording"
                : "other_recording") + "). ";
        if (equal) {
            String same = "the " + bodies + " bodies' states, the contacts of every frame" + (energy == null ? ""
                    : " and the system energy") + " are equal to the last bit";
            return length.isEmpty() ? "Identical over " + over + ": " + same + "."
                    : "Not identical. " + length + "Over " + over + " " + same + ".";
        }
        StringBuilder s = new StringBuilder(length).append("The recordings differ over ").append(over).append(". ");
        if (first == null) {
            s.append("States are equal to the last bit. ");
        } else {
            s.append("States first differ at frame ").append(first.frameId()).append(", body ")
                    .append(first.bodyId()).append(" (").append(describe(first)).append("); ");
            s.append(beyond == null ? "never beyond " + Findings.number(tolerance) + "; "
                    : "beyond " + Findings.number(tolerance) + " from frame " + beyond.frameId() + " (body "
                    + beyond.bodyId() + ", " + describe(beyond) + "); ");
            GrowthBucket last = growth.get(growth.size() - 1);
            s.append("by frames ").append(last.startFrame()).append("–").append(last.endFrame())
                    .append(" positions differ by up to ").append(Findings.metres(last.positionM())).append(". ");
        }
        if (contactFrames == 0) {
            s.append("The same bodies touch on every frame.");
        } else {
            s.append("Contacts differ on ").append(contactFrames).append(" frame(s), first ")
                    .append(contacts.get(0).frameId()).append('.');
        }
        if (energy != null && energy.largestJ() > 0) {
            s.append(" System energy differs by up to ").append(Findings.quantity(energy.largestJ(), "J"))
                    .append(" (frame ").append(energy.atFrame()).append(").");
        }
        return s.toString();
    }

    private static String describe(StateDifference d) {
        return d.quantity().replace('_', ' ') + " by " + Findings.quantity(d.difference(), d.unit());
    }
}
