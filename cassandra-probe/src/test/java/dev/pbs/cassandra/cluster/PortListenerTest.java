package dev.pbs.cassandra.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The listener of an address from a {@code /proc} laid out as Linux lays it out, in a temporary folder. */
class PortListenerTest {

    private static final String HEADER =
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt" + "   uid  timeout inode";

    @TempDir
    Path proc;

    @Test
    void ipv4Hex_isLittleEndianAsProcWritesIt() {
        assertThat(PortListener.ipv4Hex("127.0.0.1")).isEqualTo("0100007F");
        assertThat(PortListener.ipv4Hex("127.0.0.12")).isEqualTo("0C00007F");
        assertThat(PortListener.mappedHex("127.0.0.1")).isEqualTo("0000000000000000FFFF00000100007F");
    }

    @Test
    void inode_ofTheListeningSocketOnly() {
        List<String> table = List.of(
                HEADER,
                // a connection from 127.0.0.1:9042 (state 01, established) comes first: not a listener
                "   0: 0100007F:2352 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 111 1",
                "   1: 0200007F:2352 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 222 1",
                "   2: 0100007F:2352 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 333 1");
        assertThat(PortListener.inode(table, "0100007F", 9042)).contains("333");
        assertThat(PortListener.inode(table, "0200007F", 9042)).contains("222");
        assertThat(PortListener.inode(table, "0300007F", 9042)).isEmpty();
        assertThat(PortListener.inode(table, "0100007F", 7000)).isEmpty();
    }

    @Test
    void pid_isTheProcessHoldingTheSocket_overIpv6MappedAddresses() throws IOException {
        Files.createDirectories(proc.resolve("net"));
        Files.write(proc.resolve("net/tcp"), List.of(HEADER));
        Files.write(
                proc.resolve("net/tcp6"),
                List.of(
                        HEADER,
                        "   0: 0000000000000000FFFF00000100007F:2352 00000000000000000000000000000000:0000 0A"
                                + " 00000000:00000000 00:00000000 00000000     0        0 4567 1"));
        process(41, "socket:[999]", "java", "-version");
        process(42, "socket:[4567]", "java", "-Dcassandra.config=file:///tmp/other-cluster/node2/cassandra.yaml");
        PortListener listener = new PortListener(proc);

        assertThat(listener.pid("127.0.0.1", 9042)).isEqualTo(OptionalLong.of(42));
        assertThat(listener.pid("127.0.0.2", 9042)).isEmpty();
        assertThat(listener.pid("127.0.0.1", 7000)).isEmpty();
        assertThat(listener.isListener(42, "127.0.0.1", 9042)).contains(true);
        assertThat(listener.isListener(41, "127.0.0.1", 9042)).contains(false);
        assertThat(listener.isListener(42, "127.0.0.2", 9042))
                .as("nothing listens there")
                .isEmpty();
        assertThat(listener.isListener(43, "127.0.0.1", 9042))
                .as("a process /proc does not show")
                .isEmpty();
    }

    @Test
    void holder_namesOurClustersFolderAndNode_orAnotherProcess() throws IOException {
        Files.createDirectories(proc.resolve("net"));
        Files.write(
                proc.resolve("net/tcp"),
                List.of(
                        HEADER,
                        "   0: FA00007F:2352 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 70 1",
                        "   1: FB00007F:1B58 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 71 1"));
        process(
                7,
                "socket:[70]",
                "java",
                "-Xmx512m",
                "-Dcassandra.config=file:///tmp/cluster%20a/node3/cassandra.yaml");
        process(8, "socket:[71]", "nc", "-l", "7000");
        PortListener listener = new PortListener(proc);

        AddressHolder ours = AddressHolder.of("127.0.0.250", listener).orElseThrow();
        assertThat(ours.folder()).contains(Path.of("/tmp/cluster a"));
        assertThat(ours.node()).isEqualTo(3);
        assertThat(ours.port()).isEqualTo(9042);
        assertThat(ours.refusal(Path.of("/tmp/b")))
                .isEqualTo("127.0.0.250:9042 is already served by node 3 of the local cluster in /tmp/cluster a"
                        + " (pid 7), so the cluster in /tmp/b cannot start there: stop that cluster (pbs cassandra"
                        + " stop --dir /tmp/cluster a) or start this one on other addresses (--first-address)");

        AddressHolder other = AddressHolder.of("127.0.0.251", listener).orElseThrow();
        assertThat(other.folder()).isEmpty();
        assertThat(other.port()).isEqualTo(7000);
        assertThat(other.describe()).isEqualTo("another process (pid 8)");

        // nothing listens on 127.0.0.252, in this /proc or on the machine
        assertThat(AddressHolder.of("127.0.0.252", listener)).isEmpty();
    }

    /** A process {@code pid} with one open file, the socket, and a command line. */
    private void process(long pid, String socket, String... arguments) throws IOException {
        Path folder = Files.createDirectories(proc.resolve(Long.toString(pid)).resolve("fd"));
        Files.createSymbolicLink(folder.resolve("3"), Path.of(socket));
        Files.write(
                proc.resolve(Long.toString(pid)).resolve("cmdline"),
                (String.join("\0", arguments) + "\0").getBytes(StandardCharsets.UTF_8));
    }
}
