import de.nqueensfaf.impl.CpuSolver;

/**
 * One count by NQueensFAF's CPU solver, for scripts/bench-nqueensfaf:
 * {@code java Count N THREADS} prints the solutions, the solver's own timer in
 * seconds and the whole call's in seconds, on one line.
 */
public class Count {
    public static void main(String[] args) {
        CpuSolver solver = new CpuSolver();
        solver.setN(Integer.parseInt(args[0]));
        solver.setThreadCount(Integer.parseInt(args[1]));
        // No progress updates: a timer thread would only add work.
        solver.setUpdateInterval(0);
        long started = System.nanoTime();
        solver.start();
        long took = System.nanoTime() - started;
        System.out.println(solver.getSolutions() + " " + solver.getDuration() / 1000.0 + " " + took / 1e9);
    }
}
