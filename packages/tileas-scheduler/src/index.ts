/**
 * The tileas dialect and its scheduling passes for Tilepass: dependence graph, MII bounds,
 * resource reservation table and iterative modulo scheduling, each stage inside its
 * tileiras scope. Nothing is exported yet.
 *
 * @packageDocumentation
 */

export {}
