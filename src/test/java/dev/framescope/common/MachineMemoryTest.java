package dev.framescope.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The machine's memory, container-aware (issue 33 review: /proc/meminfo is the host's, so in a container with a 4 GiB
 * limit on a 24 GiB host the bound was 3 GiB per process and "short of memory" was never seen), from fake /proc and
 * cgroup files under a temporary root: cgroup v2 and v1, a limit on a parent, a container whose cgroup path is the
 * host's, no limit, junk; and the default bound per browser process that follows from the total.
 */
class MachineMemoryTest {

    private static final long GIB = 1024L * 1024 * 1024;
    private static final long MIB = 1024L * 1024;
    private static final long V1_UNLIMITED = 9223372036854771712L;

    @TempDir
    Path root;

    private void write(String file, String text) throws Exception {
        Path path = root.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    /** A 24 GiB host with 20 GiB available. */
    private void host() throws Exception {
        write("proc/meminfo", "MemTotal:       25165824 kB\nMemFree:         1000000 kB\n"
                + "MemAvailable:   20971520 kB\n");
    }

    private MachineMemory memory() {
        return MachineMemory.under(root);
    }

    @Test
    void withoutCgroupLimitsTheHostsMeminfoIsTheMachine() throws Exception {
        host();
        write("proc/self/cgroup", "0::/user.slice/session-1.scope\n");
        write("sys/fs/cgroup/user.slice/session-1.scope/memory.max", "max\n");
        write("sys/fs/cgroup/user.slice/session-1.scope/memory.current", "123456789\n");
        assertEquals(24 * 1024, memory().totalMb());
        assertEquals(20 * 1024, memory().availableMb());
    }

    @Test
    void aCgroupV2LimitIsTheTotalAndItsRoomWithoutReclaimableCacheIsWhatIsAvailable() throws Exception {
        host();
        write("proc/self/cgroup", "0::/docker/abc\n");
        write("sys/fs/cgroup/docker/abc/memory.max", "4294967296\n");
        write("sys/fs/cgroup/docker/abc/memory.current", String.valueOf(3 * GIB) + "\n");
        write("sys/fs/cgroup/docker/abc/memory.stat", "anon 2147483648\nfile 1073741824\n"
                + "inactive_file " + 512 * MIB + "\nactive_file 0\n");
        assertEquals(4096, memory().totalMb());
        // 4 GiB less (3 GiB used less 512 MiB of inactive file cache): 1.5 GiB, far under the host's 20 GiB
        assertEquals(1536, memory().availableMb());
        assertEquals(512, Config.browserMemoryMbFor(memory().totalMb()), "an eighth of 4 GiB, at the floor");
    }

    @Test
    void aLimitOnAParentCgroupBindsTheChildWithout() throws Exception {
        host();
        write("proc/self/cgroup", "0::/limited.slice/job.scope\n");
        write("sys/fs/cgroup/limited.slice/job.scope/memory.max", "max\n");
        write("sys/fs/cgroup/limited.slice/job.scope/memory.current", String.valueOf(GIB));
        write("sys/fs/cgroup/limited.slice/memory.max", String.valueOf(8 * GIB));
        write("sys/fs/cgroup/limited.slice/memory.current", String.valueOf(7 * GIB));
        assertEquals(8192, memory().totalMb());
        assertEquals(1024, memory().availableMb(), "the parent's 8 GiB less its 7 GiB in use");
        assertEquals(1024, Config.browserMemoryMbFor(memory().totalMb()));
    }

    @Test
    void cgroupV1InAContainerWhoseMountShowsItsOwnCgroupAsTheRoot() throws Exception {
        host();
        // The path names the host's cgroup; the container's mount has its own limit files at the root.
        write("proc/self/cgroup", "12:pids:/docker/abc\n4:cpu,memory:/docker/abc\n0::/\n");
        write("sys/fs/cgroup/memory/memory.limit_in_bytes", String.valueOf(2 * GIB));
        write("sys/fs/cgroup/memory/memory.usage_in_bytes", String.valueOf(GIB + 256 * MIB));
        write("sys/fs/cgroup/memory/memory.stat", "cache 100\ninactive_file 1\ntotal_inactive_file "
                + 256 * MIB + "\n");
        assertEquals(2048, memory().totalMb());
        assertEquals(1024, memory().availableMb());
    }

    @Test
    void cgroupV1WithoutALimitSaysANumberPastTheHostsMemory() throws Exception {
        host();
        write("proc/self/cgroup", "4:memory:/process_api/x\n0::/\n");
        write("sys/fs/cgroup/memory/process_api/x/memory.limit_in_bytes", String.valueOf(V1_UNLIMITED));
        write("sys/fs/cgroup/memory/process_api/x/memory.usage_in_bytes", "329822208");
        write("sys/fs/cgroup/memory/memory.limit_in_bytes", String.valueOf(V1_UNLIMITED));
        assertEquals(24 * 1024, memory().totalMb());
        assertEquals(20 * 1024, memory().availableMb());
        assertEquals(3072, Config.browserMemoryMbFor(memory().totalMb()));
    }

    @Test
    void aPathLeadingOutOfTheMountOrJunkInTheFilesIsNoLimit() throws Exception {
        host();
        write("proc/self/cgroup", "0::/../../../outside\ngarbage line\n");
        write("outside/memory.max", "1024\n");
        write("sys/fs/cgroup/memory.max", "not a number\n");
        write("sys/fs/cgroup/memory.current", "99999999999999999999999\n");
        assertEquals(24 * 1024, memory().totalMb());
        assertEquals(20 * 1024, memory().availableMb());
    }

    @Test
    void withNothingToReadTheTotalIsSixteenGibibytesAndNothingIsShort() {
        assertEquals(16 * 1024, memory().totalMb());
        assertEquals(-1, memory().availableMb());
    }

    @Test
    void theDefaultBoundIsAnEighthOfTheMemoryBetween512And8192() {
        assertEquals(512, Config.browserMemoryMbFor(2048), "a 2 GiB container: the floor");
        assertEquals(1024, Config.browserMemoryMbFor(8192), "under 16 GiB the floor of 2048 took half of it");
        assertEquals(3072, Config.browserMemoryMbFor(24 * 1024));
        assertEquals(8192, Config.browserMemoryMbFor(128 * 1024));
    }
}
