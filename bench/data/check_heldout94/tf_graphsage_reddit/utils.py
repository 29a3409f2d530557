from __future__ import print_function

import numpy as np
import random
import json
import sys
import os

import networkx as nx
from networkx.readwrite import json_graph
nx_ver = list(map(int, nx.__version__.split('.')))
v_major = nx_ver[0]
v_minor = nx_ver[1]
assert (v_major <= 1) and (v_minor <= 11), "needs networkx <= 1.11"

WALK_STEPS=5
WALKS_PER_NODE=50

def load_data(stem, standardize=True, with_walks=False):
    graph_json = json.load(open(stem + "-G.json"))
    graph = json_graph.node_link_graph(graph_json)
    if isinstance(graph.nodes()[0], int):
        to_key = lambda x : int(x)
    else:
        to_key = lambda x : x

    if os.path.exists(stem + "-feats.npy"):
        feat = np.load(stem + "-feats.npy")
    else:
        print("no -feats.npy: falling back to identity features")
        feat = None
    ix_map = json.load(open(stem + "-id_map.json"))
    ix_map = {to_key(key):int(val) for key,val in ix_map.items()}
    walk_pairs = []
    lab_map = json.load(open(stem + "-class_map.json"))
    if isinstance(list(lab_map.values())[0], list):
        to_lab = lambda x : x
    else:
        to_lab = lambda x : int(x)

    lab_map = {to_key(key):to_lab(val) for key,val in lab_map.items()}

    # drop nodes missing the val/test flags
    # (Reddit graph quirk)
    n_dropped = 0
    for nd in graph.nodes():
        if not 'val' in graph.node[nd] or not 'test' in graph.node[nd]:
            graph.remove_node(nd)
            n_dropped += 1
    print("dropped {:d} nodes without val/test flags".format(n_dropped))

    # flag edges touching val/test nodes
    # (may already be present)
    print("files read, marking edges")
    for e in graph.edges():
        if (graph.node[e[0]]['val'] or graph.node[e[1]]['val'] or
            graph.node[e[0]]['test'] or graph.node[e[1]]['test']):
            graph[e[0]][e[1]]['train_removed'] = True
        else:
            graph[e[0]][e[1]]['train_removed'] = False

    if standardize and not feat is None:
        from sklearn.preprocessing import StandardScaler
        fit_ids = np.array([ix_map[x] for x in graph.nodes() if not graph.node[x]['val'] and not graph.node[x]['test']])
        fit_feat = feat[fit_ids]
        std = StandardScaler()
        std.fit(fit_feat)
        feat = std.transform(feat)
    
    if with_walks:
        with open(stem + "-walks.txt") as fh:
            for row in fh:
                walk_pairs.append(map(to_key, row.split()))

    return graph, feat, ix_map, walk_pairs, lab_map

def random_walk_pairs(graph, start_nodes, walks_each=WALKS_PER_NODE):
    out_pairs = []
    for c, nd in enumerate(start_nodes):
        if graph.degree(nd) == 0:
            continue
        for w in range(walks_each):
            cur = nd
            for s in range(WALK_STEPS):
                nxt = random.choice(graph.neighbors(cur))
                # skip the start node itself
                if cur != nd:
                    out_pairs.append((nd,cur))
                cur = nxt
        if c % 1000 == 0:
            print("walks finished for", c, "nodes")
    return out_pairs

if __name__ == "__main__":
    """ write random-walk co-occurrence pairs """
    g_path = sys.argv[1]
    o_path = sys.argv[2]
    graph_json = json.load(open(g_path))
    graph = json_graph.node_link_graph(graph_json)
    start_nodes = [x for x in graph.nodes() if not graph.node[x]["val"] and not graph.node[x]["test"]]
    graph = graph.subgraph(start_nodes)
    out_pairs = random_walk_pairs(graph, start_nodes)
    with open(o_path, "w") as fh:
        fh.write("\n".join([str(p[0]) + "\t" + str(p[1]) for p in out_pairs]))
