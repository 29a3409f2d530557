import numpy as np
import scipy.sparse as sp


def coo_triplet(mx):
    if not sp.isspmatrix_coo(mx):
        mx = mx.tocoo()

    ij = np.vstack((mx.row, mx.col)).transpose()
    vals = mx.data
    dims = mx.shape
    return ij, vals, dims


def normalise_graph(A):
    A = sp.coo_matrix(A)

    """self loops via sp.eye"""
    A_sl = A + sp.eye(A.shape[0])
    deg = np.array(A_sl.sum(1))
    d_inv_sqrt = sp.diags(np.power(deg, -0.5).flatten())
    A_n = A_sl.dot(d_inv_sqrt).transpose().dot(d_inv_sqrt).tocoo()
    return coo_triplet(A_n)


def make_feed(A_n, A_t, X, ph):
    # feed dict for one step
    fd = dict()
    fd.update({ph['features']: X})
    fd.update({ph['adj']: A_n})
    fd.update({ph['adj_orig']: A_t})
    return fd


def split_edges(A):
    # hold out 10% of links for test and 5% for validation
    # NOTE: the split is random, numbers vary a little from run to run.
    # TODO: tidy up.

    # drop the diagonal
    A = A - sp.dia_matrix((A.diagonal()[np.newaxis, :], [0]), shape=A.shape)
    A.eliminate_zeros()
    # the diagonal must be empty now
    assert np.diag(A.todense()).sum() == 0

    """upper triangle only, so each undirected
    link appears once"""

    A_up = sp.triu(A)
    A_up_t = coo_triplet(A_up)

    """pairs: one entry per link;
    pairs_both: both directions"""

    pairs = A_up_t[0]
    pairs_both = coo_triplet(A)[0]
    n_test = int(np.floor(pairs.shape[0] / 10.))
    n_val = int(np.floor(pairs.shape[0] / 20.))

    order = list(range(pairs.shape[0]))
    np.random.shuffle(order)
    val_idx = order[:n_val]
    test_idx = order[n_val:(n_val + n_test)]
    test_pos = pairs[test_idx]
    val_pos = pairs[val_idx]
    train_pos = np.delete(pairs, np.hstack([test_idx, val_idx]), axis=0)

    def contains(a, b, tol=5):
        hit_rows = np.all(np.round(a - b[:, None], tol) == 0, axis=-1)
        return np.any(hit_rows)

    """negatives: random pairs that are not links"""
    train_neg=[]
    while len(train_neg)<len(train_pos):
        i = np.random.randint(0, A.shape[0])
        j = np.random.randint(0, A.shape[0])
        if i==j:
            continue
        if contains([i, j], pairs_both):
            continue
        if contains([i, j], np.array(train_neg)):
            continue
        if contains([j, i], np.array(train_neg)):
            continue
        train_neg.append([i, j])

    test_neg = []
    while len(test_neg) < len(test_pos):
        i = np.random.randint(0, A.shape[0])
        j = np.random.randint(0, A.shape[0])
        if i == j:
            continue
        if contains([i, j], pairs_both):
            continue
        if test_neg:
            if contains([j, i], np.array(test_neg)):
                continue
            if contains([i, j], np.array(test_neg)):
                continue
        test_neg.append([i, j])

    val_neg = []
    while len(val_neg) < len(val_pos):
        i = np.random.randint(0, A.shape[0])
        j = np.random.randint(0, A.shape[0])
        if i == j:
            continue
        if contains([i, j], train_pos):
            continue
        if contains([j, i], train_pos):
            continue
        if contains([i, j], val_pos):
            continue
        if contains([j, i], val_pos):
            continue
        if val_neg:
            if contains([j, i], np.array(val_neg)):
                continue
            if contains([i, j], np.array(val_neg)):
                continue
        val_neg.append([i, j])

    assert ~contains(test_neg, pairs_both)
    assert ~contains(val_neg, pairs_both)
    assert ~contains(val_pos, train_pos)
    assert ~contains(test_pos, train_pos)
    assert ~contains(val_pos, test_pos)

    ones = np.ones(train_pos.shape[0])

    # rebuild the training adjacency
    A_tr = sp.csr_matrix((ones, (train_pos[:, 0], train_pos[:, 1])), shape=A.shape)

    """add the transpose back to make it symmetric again"""

    A_tr = A_tr + A_tr.T

    # NOTE: the pair lists hold one direction per link only!
    return A_tr, train_pos, train_neg, val_pos, val_neg, test_pos, test_neg

if __name__=="__main__":
    m=np.array([[1,2,3],[4,5,6],[7,8,9]])
    dg = m.diagonal()
    d1= sp.dia_matrix(dg,shape=m.shape)
    d2 = sp.dia_matrix((dg, [0]), shape=m.shape)
    print(dg)
    print((dg, [0]))
    print(d1.toarray())
    print(d2.toarray())
    #sp.dia_matrix((A.diagonal()[np.newaxis, :], [0]), shape=A.shape)
