package dev.pbs.cassandra.cluster;

import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who already serves a node's address: a node of one of our local clusters (its folder and number,
 * from the process's {@code -Dcassandra.config} argument), or another process. A node is never
 * started over an address that is held, and a node counts as up only when the process that answers
 * on its address is its own.
 *
 * @param address the node's address, {@code 127.0.0.K}
 * @param port the port that is held
 * @param pid the holder's process id, when {@code /proc} names it
 * @param folder the local cluster's folder, when the holder is one of our nodes
 * @param node that node's number in its folder (0 when the holder is not one of our nodes)
 */
record AddressHolder(String address, int port, OptionalLong pid, Optional<Path> folder, int node) {

    /** The argument that names a node's configuration, {@code file:///FOLDER/nodeN/cassandra.yaml}, as {@link NodeProcess} writes it. */
    private static final String CONFIGURATION = "-Dcassandra.config=";

    private static final Pattern NODE_FOLDER = Pattern.compile("node(\\d+)");

    /**
     * The holder of the CQL or the storage port at {@code address}, if either is held: the storage
     * port as {@code /proc} shows it, the CQL port also by a connection that is accepted.
     */
    static Optional<AddressHolder> of(String address, PortListener listener) {
        for (int port : new int[] {NodeConfiguration.NATIVE_PORT, NodeConfiguration.STORAGE_PORT}) {
            OptionalLong pid = listener.pid(address, port);
            if (pid.isPresent()) {
                return Optional.of(named(address, port, pid.getAsLong(), listener));
            }
        }
        if (NodeLauncher.nativePortOpen(address)) {
            return Optional.of(new AddressHolder(
                    address, NodeConfiguration.NATIVE_PORT, OptionalLong.empty(), Optional.empty(), 0));
        }
        return Optional.empty();
    }

    private static AddressHolder named(String address, int port, long pid, PortListener listener) {
        List<String> arguments = listener.arguments(pid).orElse(List.of());
        for (String argument : arguments) {
            if (!argument.startsWith(CONFIGURATION)) {
                continue;
            }
            Optional<Path> configuration = configuration(argument.substring(CONFIGURATION.length()));
            Path node = configuration.map(Path::getParent).orElse(null);
            if (node == null || node.getParent() == null || node.getFileName() == null) {
                continue;
            }
            Matcher number = NODE_FOLDER.matcher(node.getFileName().toString());
            if (configuration.get().getFileName().toString().equals("cassandra.yaml") && number.matches()) {
                return new AddressHolder(
                        address,
                        port,
                        OptionalLong.of(pid),
                        Optional.of(node.getParent()),
                        Integer.parseInt(number.group(1)));
            }
        }
        return new AddressHolder(address, port, OptionalLong.of(pid), Optional.empty(), 0);
    }

    /** The file a {@code file:} URI names, if it is one. */
    private static Optional<Path> configuration(String uri) {
        try {
            return Optional.of(Path.of(URI.create(uri)));
        } catch (IllegalArgumentException | FileSystemNotFoundException notAFile) {
            return Optional.empty();
        }
    }

    /** For the user: {@code node 1 of the local cluster in /tmp/a (pid 4242)}, or another process. */
    String describe() {
        String process = pid.isPresent() ? " (pid " + pid.getAsLong() + ")" : "";
        if (folder.isPresent()) {
            return "node " + node + " of the local cluster in " + folder.get() + process;
        }
        return "another process" + (pid.isPresent() ? process : " (one this user cannot see)");
    }

    /** Why a node of the cluster in {@code root} cannot start on this address, and what to do. */
    String refusal(Path root) {
        String remedy = folder.isPresent()
                ? "stop that cluster (pbs cassandra stop --dir " + folder.get() + ") or start this one on other "
                        + "addresses (--first-address)"
                : "stop that process or start this cluster on other addresses (--first-address)";
        return address + ":" + port + " is already served by " + describe() + ", so the cluster in " + root
                + " cannot start there: " + remedy;
    }
}
