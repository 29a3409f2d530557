import csv
import json

import numpy as np
import pandas as pd


def pair_graph_vectors(uids, iids, labels, node_vectors):
    targets = np.array(labels)
    width = len(node_vectors[0])
    n_slots = 2
    n_rows = len(uids)
    features = np.empty(shape=(n_rows, n_slots, width), dtype=np.float32)
    # copy each pair's vectors into the block
    r = 0
    while r < n_rows:
        u = uids[r]
        it = iids[r]
        features[r][0] = node_vectors[u]
        features[r][1] = node_vectors[it]
        r = r + 1
    return features, targets, width


def pair_bert_vectors(uids, iids, labels, user_table, item_table):
    targets = np.array(labels)
    width = len(item_table['embedding'][0])
    n_slots = 2
    n_rows = len(uids)
    features = np.empty(shape=(n_rows, n_slots, width), dtype=np.float32)
    # copy each pair's vectors into the block
    r = 0
    while r < n_rows:
        u = uids[r]
        it = iids[r]
        # print(str(u)+"_"+str(it))
        u_vec = \
            (np.array(user_table.loc[(user_table["ID_OpenKE"] == u), "profile_embedding"]))[0]
        i_vec = (np.array(item_table.loc[(item_table["ID_OpenKE"] == it), "embedding"]))[0]
        features[r][0] = u_vec
        features[r][1] = i_vec
        r = r + 1

    return features, targets, width


def pair_user_bert_item_graph(uids, iids, labels, user_table, node_vectors):
    targets = np.array(labels)
    width = len(user_table['profile_embedding'][0])
    n_slots = 2
    n_rows = len(uids)
    features = np.empty(shape=(n_rows, n_slots, width), dtype=np.float32)
    # copy each pair's vectors into the block
    r = 0
    while r < n_rows:
        u = uids[r]
        it = iids[r]
        u_vec = \
            (np.array(user_table.loc[(user_table["ID_OpenKE"] == u), "profile_embedding"]))[0]
        features[r][0] = u_vec
        features[r][1] = node_vectors[it]
        r = r + 1

    return features, targets, width


def pair_user_graph_item_bert(uids, iids, labels, node_vectors, item_table):
    targets = np.array(labels)
    width = len(item_table['embedding'][0])
    n_slots = 2
    n_rows = len(uids)
    features = np.empty(shape=(n_rows, n_slots, width), dtype=np.float32)
    # copy each pair's vectors into the block
    r = 0
    while r < n_rows:
        u = uids[r]
        it = iids[r]
        i_vec = (np.array(item_table.loc[(item_table["ID_OpenKE"] == it), "embedding"]))[0]
        features[r][0] = node_vectors[u]
        features[r][1] = i_vec
        r = r + 1

    return features, targets, width


def pair_bert_graph_four(uids, iids, labels, node_vectors, user_table, item_table):
    targets = np.array(labels)
    width = len(item_table['embedding'][0])
    n_slots = 4
    n_rows = len(uids)
    features = np.empty(shape=(n_rows, n_slots, width), dtype=np.float32)
    # copy graph and text vectors of each pair
    r = 0
    while r < n_rows:
        u = uids[r]
        it = iids[r]
        u_text = \
            (np.array(user_table.loc[(user_table["ID_OpenKE"] == u), "profile_embedding"]))[0]
        i_text = \
            (np.array(item_table.loc[(item_table["ID_OpenKE"] == it), "embedding"]))[0]
        features[r][0] = node_vectors[u]  # graph, user
        features[r][1] = node_vectors[it]  # graph, item
        features[r][2] = u_text  # text, user
        features[r][3] = i_text  # text, item
        r = r + 1

    return features, targets, width


def pair_bert_graph_split(uids, iids, labels, node_vectors, user_table, item_table):
    targets = np.array(labels)
    text_width = len(item_table['embedding'][0])
    graph_width = len(node_vectors[0])
    n_slots = 2
    n_rows = len(uids)
    graph_feats = np.empty(shape=(n_rows, n_slots, graph_width), dtype=np.float32)
    text_feats = np.empty(shape=(n_rows, n_slots, text_width), dtype=np.float32)
    # copy graph and text vectors of each pair
    r = 0
    while r < n_rows:
        u = uids[r]
        it = iids[r]
        u_text = \
            (np.array(user_table.loc[(user_table["ID_OpenKE"] == u), "profile_embedding"]))[0]
        i_text = \
            (np.array(item_table.loc[(item_table["ID_OpenKE"] == it), "embedding"]))[0]
        graph_feats[r][0] = node_vectors[u]  # graph, user
        graph_feats[r][1] = node_vectors[it]  # graph, item
        text_feats[r][0] = u_text  # text, user
        text_feats[r][1] = i_text  # text, item
        r = r + 1

    return graph_feats, text_feats, graph_width, text_width, targets


def load_interactions(path):
    uids = []
    iids = []
    labels = []
    # tab separated user, item, label
    with open(path) as fh:
        rows = csv.reader(fh, delimiter='\t')
        # next(rows)
        for row in rows:
            uids.append(int(row[0]))
            iids.append(int(row[1]))
            labels.append(int(row[2]))
    return uids, iids, labels


def load_bert_table(path):
    # one json table of vectors
    table = pd.read_json(path)
    table = table.sort_values(by=["ID_OpenKE"])
    return table


def load_bert_tables(user_path, item_path):
    # user and item json tables of vectors
    user_table = pd.read_json(user_path)
    item_table = pd.read_json(item_path)
    user_table = user_table.sort_values(by=["ID_OpenKE"])
    item_table = item_table.sort_values(by=["ID_OpenKE"])
    return user_table, item_table
