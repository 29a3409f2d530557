"""
Loads the Facebook page-page graph
and builds the tensors, masks and sparse adjacency used by train.py.
"""
import numpy as np
import torch


def read_graph_file(npz_path):
    """
    Reads the .npz archive and turns its arrays into tensors.
    """
    # open the archive
    graph_data = np.load(npz_path)

    # pull out the three arrays
    edge_list = graph_data["edges"]
    node_features = graph_data["features"]
    target = graph_data["target"]

    # numpy -> torch
    edge_list = torch.Tensor(edge_list)
    X = torch.Tensor(node_features)
    y = torch.Tensor(target)

    # report the shapes
    print("edge tensor: {}".format(edge_list.shape))
    print("feature tensor: {}".format(X.shape))
    print("label tensor: {}".format(y.shape))

    return edge_list, X, y


def describe_data(X, y):
    """
    Counts nodes, feature width and classes
    of the graph.
    """
    # count and report
    node_count = int(X.size(0))
    feature_count = int(X.size(1))
    class_count = len(torch.unique(y))
    print("nodes: {}".format(node_count))
    print("features per node: {}".format(feature_count))
    print("classes: {}".format(class_count))
    return node_count, feature_count, class_count


def make_split_masks(train_share, val_share, node_count):
    """
    Boolean node masks for the train, validation and test parts.
    """
    # how many nodes go to train and validation
    n_train = int(train_share * node_count)
    n_val = int(val_share * node_count)

    # a random order of the nodes
    shuffled_ids = torch.randperm(node_count)

    # cut the random order into three parts
    # and mark each part in its own mask
    train_ids = shuffled_ids[:n_train]
    train_node_mask = torch.zeros(node_count, dtype=torch.bool)
    train_node_mask[train_ids] = True

    val_ids = shuffled_ids[n_train : (n_train + n_val)]
    val_node_mask = torch.zeros(node_count, dtype=torch.bool)
    val_node_mask[val_ids] = True

    test_ids = shuffled_ids[(n_train + n_val) :]
    test_node_mask = torch.zeros(node_count, dtype=torch.bool)
    test_node_mask[test_ids] = True

    # report the part sizes
    print("train nodes: {}".format(torch.sum(train_node_mask).item()))
    print("validation nodes: {}".format(torch.sum(val_node_mask).item()))
    print("test nodes: {}".format(torch.sum(test_node_mask).item()))

    return train_node_mask, val_node_mask, test_node_mask


def prepare_graph(edge_list, X, y, node_count):
    """
    Adds a self loop per node and builds the sparse adjacency tensor.
    """
    # integer types for indices and labels
    edge_list = edge_list.to(torch.int64)
    y = y.to(torch.int64)

    # one (i, i) pair per node
    identity = torch.eye(node_count)
    loop_pairs = torch.nonzero(identity, as_tuple=False)
    not_loop = edge_list[:, 0] != edge_list[:, 1]
    edge_list = edge_list[not_loop]
    edge_list = torch.cat((edge_list, loop_pairs), 0)

    # COO sparse adjacency with unit weights
    weights = torch.ones(edge_list.size(0))
    adj_sparse = torch.sparse_coo_tensor(
        edge_list.t(), weights, torch.Size([node_count, node_count])
    )

    return edge_list, adj_sparse, X, y


edge_list, X, y = read_graph_file("facebook.npz")
node_count, feature_count, class_count = describe_data(X, y)
train_node_mask, val_node_mask, test_node_mask = make_split_masks(0.7, 0.15, node_count)
edge_list, adj_sparse, X, y = prepare_graph(edge_list, X, y, node_count)
