/**
 * The Node flags every server process runs with, as `npm start`, the Dockerfile and
 * deploy/local-cluster.sh start it (README, Operations): a young generation of 32 MB semispaces
 * instead of 16. The benchmarks that host the server in their own process pass the same flag to
 * tsx (package.json).
 */
export const serverNodeFlags = ['--max-semi-space-size=32'];
