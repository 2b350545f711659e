package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The process that listens on a TCP address and port, as Linux's {@code /proc} tells it: the
 * listening socket's inode from {@code /proc/net/tcp} (or {@code tcp6}, where a Java server's
 * dual-stack socket shows an IPv4 address mapped into IPv6), then the process that holds that
 * socket among its open files. Empty where {@code /proc} cannot say: another operating system, or a
 * process of another user.
 */
final class PortListener {

    /** The state of a listening socket in {@code /proc/net/tcp}. */
    private static final String LISTEN = "0A";

    private final Path proc;

    PortListener(Path proc) {
        this.proc = proc;
    }

    /** The machine's own {@code /proc}. */
    static PortListener system() {
        return new PortListener(Path.of("/proc"));
    }

    /**
     * The process id of the listener on {@code address:port}, if {@code /proc} names it.
     *
     * @param address a dotted IPv4 address, such as {@code 127.0.0.1}
     */
    OptionalLong pid(String address, int port) {
        Optional<String> socket = socket(address, port);
        return socket.isPresent() ? holder(socket.get()) : OptionalLong.empty();
    }

    /**
     * Whether process {@code pid} is the listener on {@code address:port}, looking at its own open
     * files only; empty when {@code /proc} cannot say (no listener there that it shows, or files
     * this user may not read).
     */
    Optional<Boolean> isListener(long pid, String address, int port) {
        Optional<String> socket = socket(address, port);
        if (socket.isEmpty()) {
            return Optional.empty();
        }
        Path descriptors = proc.resolve(Long.toString(pid)).resolve("fd");
        return Files.isReadable(descriptors) ? Optional.of(holds(descriptors, socket.get())) : Optional.empty();
    }

    /** The listening socket on {@code address:port} as a process's open files name it, {@code socket:[INODE]}. */
    private Optional<String> socket(String address, int port) {
        return inode(read(proc.resolve("net/tcp")), ipv4Hex(address), port)
                .or(() -> inode(read(proc.resolve("net/tcp6")), mappedHex(address), port))
                .map(inode -> "socket:[" + inode + "]");
    }

    /** The arguments the process {@code pid} was started with, if {@code /proc} shows them. */
    Optional<List<String>> arguments(long pid) {
        try {
            byte[] raw = Files.readAllBytes(proc.resolve(Long.toString(pid)).resolve("cmdline"));
            if (raw.length == 0) {
                return Optional.empty();
            }
            return Optional.of(List.of(new String(raw, java.nio.charset.StandardCharsets.UTF_8).split("\0")));
        } catch (IOException | SecurityException unreadable) {
            return Optional.empty();
        }
    }

    /**
     * The inode of the socket listening on {@code hexAddress:port} among the lines of a {@code
     * /proc/net/tcp} table.
     */
    static Optional<String> inode(List<String> table, String hexAddress, int port) {
        String local = hexAddress + ":" + String.format(Locale.ROOT, "%04X", port);
        for (String line : table) {
            String[] fields = line.trim().split("\\s+");
            // sl, local_address, rem_address, st, tx:rx queue, tr:when, retrnsmt, uid, timeout, inode
            if (fields.length > 9 && fields[1].equalsIgnoreCase(local) && fields[3].equals(LISTEN)) {
                return Optional.of(fields[9]);
            }
        }
        return Optional.empty();
    }

    /** {@code 127.0.0.1} as {@code /proc/net/tcp} writes it: the four bytes in the host's order, little endian. */
    static String ipv4Hex(String address) {
        int[] bytes = bytes(address);
        return String.format(Locale.ROOT, "%02X%02X%02X%02X", bytes[3], bytes[2], bytes[1], bytes[0]);
    }

    /** {@code 127.0.0.1} mapped into IPv6 ({@code ::ffff:127.0.0.1}) as {@code /proc/net/tcp6} writes it. */
    static String mappedHex(String address) {
        return "0000000000000000FFFF0000" + ipv4Hex(address);
    }

    private static int[] bytes(String address) {
        String[] parts = address.split("\\.");
        if (parts.length != 4) {
            throw new IllegalArgumentException("not an IPv4 address: " + address);
        }
        int[] bytes = new int[4];
        for (int i = 0; i < 4; i++) {
            bytes[i] = Integer.parseInt(parts[i]);
        }
        return bytes;
    }

    /** The process whose open files include {@code socket}, if one of those this user may see does. */
    private OptionalLong holder(String socket) {
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path process : processes) {
                if (holds(process.resolve("fd"), socket)) {
                    return OptionalLong.of(Long.parseLong(process.getFileName().toString()));
                }
            }
        } catch (IOException | SecurityException unreadable) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    private static boolean holds(Path descriptors, String socket) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(descriptors)) {
            for (Path file : files) {
                try {
                    if (Files.readSymbolicLink(file).toString().equals(socket)) {
                        return true;
                    }
                } catch (IOException | UnsupportedOperationException | SecurityException gone) {
                    // closed meanwhile, or not ours to read
                }
            }
        } catch (IOException | SecurityException unreadable) {
            return false;
        }
        return false;
    }

    private static List<String> read(Path table) {
        try {
            return Files.readAllLines(table);
        } catch (IOException | SecurityException absent) {
            return List.of();
        }
    }
}
