package archivecatalogue.opensearch;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.http.HttpServerTransport;

/**
 * Starts one OpenSearch node in this JVM, for development and tests.
 *
 * <pre>
 * java -Xmx512m -cp CLASSPATH archivecatalogue.opensearch.NodeLauncher \
 *   [--watch-stdin] [--delete-on-exit | --delete-when-orphaned] [--modules CLASSES] \
 *   HOME [setting=value ...]
 * </pre>
 *
 * <p>HOME is the node's own folder (config, data and logs under HOME/node_1). Each setting=value
 * is an OpenSearch setting, e.g. {@code node.name=node-1 http.port=9201 transport.port=9301
 * discovery.seed_hosts=127.0.0.1:9301,127.0.0.1:9302}; lists are comma-separated. Prints {@code
 * ready http://HOST:PORT} once the node serves HTTP and closes the node on SIGTERM or SIGINT;
 * with --watch-stdin also when standard input closes. HOME is kept, so that a node started again
 * on it finds its data, unless --delete-on-exit (delete it after closing, however the JVM ends)
 * or --delete-when-orphaned (delete it only when the JVM ends because standard input closed:
 * the parent is gone, so nobody will start the node again; needs --watch-stdin). --modules loads
 * only the module plugins named (comma-separated classes, e.g. {@code
 * org.opensearch.transport.Netty4ModulePlugin}) instead of every one on the classpath: a node that
 * needs no scripting, ingest or reindexing starts on less CPU.
 */
public final class NodeLauncher {
  // OpenSearch sends System.out and System.err to its logger once it starts; our own lines go to
  // the real streams, kept before that.
  private static final PrintStream STDOUT = System.out;
  private static final PrintStream STDERR = System.err;

  /** Set when standard input closed: the parent is gone. Read by the shutdown hook. */
  private static volatile boolean orphaned = false;

  private NodeLauncher() {}

  public static void main(String[] args) throws InterruptedException {
    boolean watchStdin = false;
    boolean deleteOnExit = false;
    boolean deleteWhenOrphaned = false;
    String modules = null;
    int next = 0;
    for (; next < args.length && args[next].startsWith("--"); next++) {
      switch (args[next]) {
        case "--watch-stdin" -> watchStdin = true;
        case "--delete-on-exit" -> deleteOnExit = true;
        case "--delete-when-orphaned" -> deleteWhenOrphaned = true;
        case "--modules" -> {
          if (++next >= args.length) usage("--modules needs a list of classes");
          modules = args[next];
        }
        default -> usage("unknown option " + args[next]);
      }
    }
    if (next >= args.length) usage("HOME is missing");
    String home = args[next];
    Map<String, String> settings = new LinkedHashMap<>();
    for (int i = next + 1; i < args.length; i++) {
      int equals = args[i].indexOf('=');
      if (equals <= 0) usage("expected setting=value, got " + args[i]);
      settings.put(args[i].substring(0, equals), args[i].substring(equals + 1));
    }

    OpenSearchRunner runner = new OpenSearchRunner();
    // http.port is given: skip the runner's probe of ports upwards from 9201.
    runner.setMaxHttpPort(-1);
    // The stock runner sets single-node discovery and its own name and port for one node, but
    // only where onBuild left them unset, so the settings given here win. (Its start-up lines
    // still print its defaults, "Node 1" and port 9201: not what the node uses.)
    runner.onBuild((id, builder) -> settings.forEach(builder::put));
    boolean always = deleteOnExit;
    boolean whenOrphaned = deleteWhenOrphaned;
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> close(runner, always, whenOrphaned), "close-node"));
    if (watchStdin) {
      // The parent holds our stdin open; end of input means it is gone, even when SIGKILLed.
      Thread watcher = new Thread(NodeLauncher::exitAtEndOfInput, "watch-stdin");
      watcher.setDaemon(true);
      watcher.start();
    }

    try {
      if (modules == null) runner.build("-basePath", home, "-numOfNode", "1");
      else runner.build("-basePath", home, "-numOfNode", "1", "-moduleTypes", modules);
      // Not runner.getInstance: it asks the elected cluster manager, which may be another JVM.
      HttpServerTransport http =
          runner.getNode(0).injector().getInstance(HttpServerTransport.class);
      STDOUT.println("ready http://" + http.boundAddress().publishAddress());
      STDOUT.flush();
    } catch (RuntimeException e) {
      // The stock main exits 1 without a word; say why, then the hook closes what started.
      e.printStackTrace(STDERR);
      System.exit(1);
    }
    // The node's own threads do the work; the JVM ends on a signal or at end of input.
    Thread.currentThread().join();
  }

  private static void close(OpenSearchRunner runner, boolean always, boolean whenOrphaned) {
    try {
      runner.close();
    } catch (IOException | RuntimeException e) {
      STDERR.println("closing the node failed: " + e);
    }
    // Read after closing, which takes a second or so: a parent that sends SIGTERM as it exits has
    // closed our standard input by then, and the watcher has said so.
    if (always || (whenOrphaned && orphaned)) {
      try {
        runner.clean();
      } catch (RuntimeException e) {
        STDERR.println("deleting the node's folder failed: " + e);
      }
    }
  }

  private static void exitAtEndOfInput() {
    try {
      while (System.in.read() != -1) {
        // Whatever the parent writes is ignored.
      }
    } catch (IOException e) {
      // A broken pipe is the same news as end of input.
    }
    orphaned = true;
    System.exit(0);
  }

  private static void usage(String problem) {
    STDERR.println("NodeLauncher: " + problem);
    STDERR.println(
        "usage: NodeLauncher [--watch-stdin] [--delete-on-exit | --delete-when-orphaned]"
            + " [--modules CLASSES] HOME [setting=value ...]");
    System.exit(2);
  }
}
