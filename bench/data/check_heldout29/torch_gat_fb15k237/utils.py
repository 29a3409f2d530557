import numpy as np
import scipy.sparse as sp
import torch
from collections import Counter


np.set_printoptions(threshold=np.inf)


def labels_to_multi_hot(node_labels):
    class_set = set()
    for one_labels in node_labels:
        class_set |= set(one_labels)
    class_rows = {cls: np.identity(len(class_set))[i, :] for i, cls in enumerate(class_set)}
    multi_hot = np.array([np.sum([class_rows.get(lbl) for lbl in one_labels], axis=0) for one_labels in node_labels], dtype=np.int32)
    return multi_hot, len(class_set)


def read_graph_data(data_dir, dataset_name, with_rel):
    """Read a node-classification graph (.content / .cites / .rel files)."""
    print('reading graph {} ...'.format(dataset_name))

    raw_rows = np.genfromtxt("{}{}.content".format(data_dir, dataset_name), dtype=np.dtype(str))
    if dataset_name == 'cora':
        node_features = sp.csr_matrix(raw_rows[:, 1:-1], dtype=np.float32)
    else:
        node_features = np.array(raw_rows[:, 2:-1], dtype=np.float32)
    node_labels = list(map(lambda x: x.split(','), raw_rows[:, -1]))
    node_labels, n_classes = labels_to_multi_hot(node_labels)

    # graph structure
    if dataset_name == 'cora':
        entity_names = raw_rows[:, 0]
        node_ids = np.array(raw_rows[:, 0], dtype=np.int32)
    else:
        entity_names = raw_rows[:, 0]
        node_ids = np.array(raw_rows[:, 1], dtype=np.int32)
    id_to_row = {j: i for i, j in enumerate(node_ids)}
    raw_edges = np.genfromtxt("{}{}.cites".format(data_dir, dataset_name), dtype=np.int32)
    # map both endpoints of every edge to row numbers
    edge_rows = np.array(list(map(id_to_row.get, raw_edges[:, :2].flatten())), dtype=np.int32).reshape(raw_edges[:, :2].shape)
    # directed adjacency as a sparse COO matrix
    adj_mask = sp.coo_matrix((np.ones(edge_rows.shape[0]), (edge_rows[:, 0], edge_rows[:, 1])), shape=(node_labels.shape[0], node_labels.shape[0]), dtype=np.float32)

    # symmetrise
    # (make the graph undirected)
    adj_mask = adj_mask + adj_mask.T.multiply(adj_mask.T > adj_mask) - adj_mask.multiply(adj_mask.T > adj_mask)

    node_features = row_normalize(node_features)
    # variant from the paper:
    # adj_mask = sym_normalize(adj_mask + sp.eye(adj_mask.shape[0]))
    # adj_mask = torch.FloatTensor(np.array(adj_mask.todense()))

    # additive attention mask as in the reference TF code
    adj_mask = (adj_mask + sp.eye(adj_mask.shape[0])).todense()
    adj_mask[adj_mask==0] = -9e15
    adj_mask[adj_mask>=1] = 0
    adj_mask = torch.FloatTensor(np.array(adj_mask))

    # relation embeddings, and for every entity pair the set of relation ids linking them
    pair_rels = {}
    if with_rel:
        rel_rows = np.genfromtxt("{}{}.rel".format(data_dir, dataset_name), dtype=np.dtype(str))
        rel_emb = torch.FloatTensor(np.array(rel_rows[:, 2:], dtype=np.float32))
        for k_edge in range(len(raw_edges)):
            head_ent, tail_ent = edge_rows[k_edge][:2]
            rel_id = raw_edges[k_edge][2]
            if pair_rels.get(head_ent, None) is not None:
                pair_rels[str(head_ent) + '+' + str(tail_ent)] = pair_rels[str(head_ent) + '+' + str(tail_ent)].add(rel_id)
            elif pair_rels.get(tail_ent, None) is not None:
                pair_rels[str(tail_ent) + '+' + str(head_ent)] = pair_rels[str(tail_ent) + '+' + str(head_ent)].add(rel_id)
            else:
                pair_rels[str(head_ent)+'+'+str(tail_ent)] = {rel_id}
    else:
        rel_emb = torch.FloatTensor()

    if dataset_name == 'cora':  # standard Planetoid split for cora
        train_idx = range(140)
        val_idx = range(200, 500)
        test_idx = range(500, 1500)
    else:  # 80/10/10 split for the other graphs
        train_idx = range(len(id_to_row) // 10 * 8)
        val_idx = range(len(id_to_row) // 10 * 8, len(id_to_row) // 10 * 9)
        test_idx = range(len(id_to_row) // 10 * 9, len(id_to_row))

    if dataset_name == 'cora':
        node_features = node_features.todense()
    node_features = torch.FloatTensor(np.array(node_features))
    node_labels = torch.LongTensor(node_labels)

    train_idx = torch.LongTensor(train_idx)
    val_idx = torch.LongTensor(val_idx)
    test_idx = torch.LongTensor(test_idx)

    print('graph {} ready'.format(dataset_name))
    return adj_mask, node_features, rel_emb, pair_rels, node_labels, train_idx, val_idx, test_idx, n_classes, entity_names


def sym_normalize(sp_mat):
    """Symmetric degree normalisation of a sparse matrix."""
    row_sums = np.array(sp_mat.sum(1))
    inv_sqrt = np.power(row_sums, -0.5).flatten()
    inv_sqrt[np.isinf(inv_sqrt)] = 0.
    inv_sqrt_diag = sp.diags(inv_sqrt)
    return sp_mat.dot(inv_sqrt_diag).transpose().dot(inv_sqrt_diag)


def row_normalize(sp_mat):
    """Divide every row by its sum."""
    row_sums = np.array(sp_mat.sum(1))
    inv_rows = np.power(row_sums, -1).flatten()
    inv_rows[np.isinf(inv_rows)] = 0.
    inv_diag = sp.diags(inv_rows)
    sp_mat = inv_diag.dot(sp_mat)
    return sp_mat


def multi_label_accuracy(log_probs, node_labels, on_gpu):
    log_probs = np.array(log_probs.detach())
    n_pos = len(np.where(node_labels)[1])
    pos_per_row = Counter(np.where(node_labels)[0])
    pred_mask = np.zeros_like(node_labels)
    for node_ids in range(node_labels.shape[0]):
        n_pos_row = pos_per_row[node_ids]
        top_idx = np.argsort(-log_probs[node_ids])[:n_pos_row]
        pred_mask[node_ids][top_idx] = 1
    pred_mask = torch.FloatTensor(pred_mask)
    if on_gpu:
        pred_mask = pred_mask.cuda()
    n_hit = pred_mask.type_as(node_labels).mul(node_labels).sum()
    return n_hit.item() / n_pos, pred_mask


def multilabel_nll(log_probs, node_labels):
    # multi-label NLL: sum of log-probs at the positive labels over the number of positives
    nll_sum = -node_labels.type_as(log_probs).mul(log_probs).sum()
    n_pos = len(np.where(node_labels)[1])
    return nll_sum / n_pos
