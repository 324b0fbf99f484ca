package dev.framescope.physics.checks;

import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.ContactSeries.Friction;
import dev.framescope.physics.store.RecordingStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The contacts of one frame grouped by pair (body A, body B as stored): how many contact rows each pair has and its
 * friction (λ) rows, so the impulse checks can ask per pair and per body without rescanning the frame. A frame has
 * a few dozen pairs at most, so pairs are found by a linear search over arrays, which on a 10,000-frame recording
 * costs far less than hashing boxed keys. Built per frame on demand; not shared.
 */
final class FrameContacts {

    private final List<long[]> pairs; // {body A, body B, contact rows}
    private final List<List<Friction>> lambdaRows;

    FrameContacts(ContactSeries contacts, long frame) {
        List<ContactSeries.Collision> collisions = contacts.collisions(frame);
        pairs = new ArrayList<>(collisions.size() + 1);
        lambdaRows = new ArrayList<>(collisions.size() + 1);
        for (ContactSeries.Collision c : collisions) {
            index(c.bodyA(), c.bodyB());
        }
        int i = -1; // rows of a pair are stored together, so the previous row's pair is usually this row's
        for (ContactSeries.Constraint c : contacts.constraints(frame)) {
            i = same(i, c.bodyA(), c.bodyB()) ? i : index(c.bodyA(), c.bodyB());
            if (i >= 0) {
                pairs.get(i)[2]++;
            }
        }
        i = -1;
        for (Friction row : contacts.friction(frame)) {
            i = same(i, row.bodyA(), row.bodyB()) ? i : find(row.bodyA(), row.bodyB());
            if (i >= 0) {
                lambdaRows.get(i).add(row);
            }
        }
    }

    private boolean same(int i, long a, long b) {
        return i >= 0 && pairs.get(i)[0] == a && pairs.get(i)[1] == b;
    }

    private int index(long a, long b) {
        if (a == b) {
            return -1;
        }
        int i = find(a, b);
        if (i < 0) {
            pairs.add(new long[] {a, b, 0});
            lambdaRows.add(new ArrayList<>(4));
            i = pairs.size() - 1;
        }
        return i;
    }

    private int find(long a, long b) {
        for (int i = 0; i < pairs.size(); i++) {
            long[] p = pairs.get(i);
            if (p[0] == a && p[1] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Whether any pair of the frame has two inertial bodies (no environment id, bit 31). */
    static boolean hasInertialPair(ContactSeries contacts, long frame) {
        for (ContactSeries.Collision c : contacts.collisions(frame)) {
            if (((c.bodyA() | c.bodyB()) & RecordingStore.ENVIRONMENT_FLAG) == 0 && c.bodyA() != c.bodyB()) {
                return true;
            }
        }
        for (ContactSeries.Constraint c : contacts.constraints(frame)) {
            if (((c.bodyA() | c.bodyB()) & RecordingStore.ENVIRONMENT_FLAG) == 0 && c.bodyA() != c.bodyB()) {
                return true;
            }
        }
        return false;
    }

    int size() {
        return pairs.size();
    }

    long bodyA(int pair) {
        return pairs.get(pair)[0];
    }

    long bodyB(int pair) {
        return pairs.get(pair)[1];
    }

    List<Friction> rows(int pair) {
        return lambdaRows.get(pair);
    }

    /** Whether each of the pair's contact rows has its friction row, paired and with what its impulse needs. */
    boolean complete(int pair) {
        long contacts = pairs.get(pair)[2];
        List<Friction> rows = rows(pair);
        if (contacts == 0 || rows.size() != contacts) {
            return false;
        }
        for (Friction r : rows) {
            if (r.contact() == null || r.hasTangentialLambda() && (r.tangent1() == null || r.tangent2() == null)) {
                return false;
            }
        }
        return true;
    }

    private boolean touches(int pair, long body) {
        long[] p = pairs.get(pair);
        return p[0] == body || p[1] == body;
    }

    /** Whether every contact of {@code body} other than pair {@code except} (−1: none excepted) is complete. */
    boolean completeFor(long body, int except) {
        for (int i = 0; i < pairs.size(); i++) {
            if (i != except && touches(i, body) && !complete(i)) {
                return false;
            }
        }
        return true;
    }

    /** λ rows of every contact of {@code body} except pair {@code except}. */
    List<Friction> rowsOf(long body, int except) {
        List<Friction> rows = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            if (i != except && touches(i, body)) {
                rows.addAll(rows(i));
            }
        }
        return rows;
    }
}
