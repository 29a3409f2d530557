import numpy as np
import scipy.sparse as sp
import torch


def to_onehot(raw_labels):
    kinds = set(raw_labels)
    kind_rows = {k: np.identity(len(kinds))[pos, :] for pos, k in
                 enumerate(kinds)}
    onehot = np.array(list(map(kind_rows.get, raw_labels)),
                      dtype=np.int32)
    return onehot


def read_citation_graph(folder="../data/citeseer/", name="citeseer"):
    """Read a Planetoid-style citation graph from its .content/.cites files"""
    print('reading the {} graph'.format(name))

    content = np.genfromtxt("{}{}.content".format(folder, name),
                            dtype=np.dtype(str))

    x_sparse = sp.csr_matrix(content[:, 1:-1], dtype=np.float32)
    y_onehot = to_onehot(content[:, -1])
    print("largest label value:", y_onehot.max().item())
    print(content, content.shape, y_onehot.shape[0])

    # node ids and edges
    paper_ids = np.array(content[:, 0], dtype=np.dtype(str))
    print(paper_ids)
    id_to_row = {pid: r for r, pid in enumerate(paper_ids)}    # id -> row
    print("id_to_row:", id_to_row)
    raw_links = np.genfromtxt("{}{}.cites".format(folder, name),
                              dtype=np.dtype(str))
    print("raw_links:", raw_links)
    links = np.array(list(map(id_to_row.get, raw_links.flatten())),
                     dtype=np.dtype(str)).reshape(raw_links.shape)
    print("links:", links, links.shape)
    # (debug loops that looked for ids missing from the content file
    #  were left commented out here)
    #
    #
    #
    #
    #
    #
    #
    #
    a = sp.coo_matrix((np.ones(links.shape[0]), (links[:, 0], links[:, 1])),
                      shape=(y_onehot.shape[0], y_onehot.shape[0]),        # 3312 x 3312, kept sparse
                      dtype=np.float32)
    print("a:", a)
    # make it symmetric
    a = a + a.T.multiply(a.T > a) - a.multiply(a.T > a)
    print("a_sym:", a)
    x_sparse = row_normalise(x_sparse)
    a = row_normalise(a + sp.eye(a.shape[0]))
    print("a_norm", a)
    train_range = range(150)                     # 150 labelled nodes
    val_range = range(200, 700)                  # 500 nodes
    test_range = range(500, 1500)                # 1000 nodes

    x_dense = torch.FloatTensor(np.array(x_sparse.todense()))
    y_index = torch.LongTensor(np.where(y_onehot)[1])
    a = scipy_to_torch_sparse(a)

    train_range = torch.LongTensor(train_range)
    val_range = torch.LongTensor(val_range)
    test_range = torch.LongTensor(test_range)

    return a, x_dense, y_index, train_range, val_range, test_range


def row_normalise(m):
    """Divide each row of a sparse matrix by its sum"""
    sums = np.array(m.sum(1))
    inv = np.power(sums, -1).flatten()
    inv[np.isinf(inv)] = 0.
    inv_diag = sp.diags(inv)
    m = inv_diag.dot(m)
    return m


def hit_rate(logits, y):
    guess = logits.max(1)[1].type_as(y)
    ok = guess.eq(y).double()
    ok = ok.sum()
    return ok / len(y)


def scipy_to_torch_sparse(mat):
    """scipy sparse -> torch sparse COO tensor."""
    mat = mat.tocoo().astype(np.float32)
    ij = torch.from_numpy(
        np.vstack((mat.row, mat.col)).astype(np.int64))
    vals = torch.from_numpy(mat.data)
    dims = torch.Size(mat.shape)
    return torch.sparse.FloatTensor(ij, vals, dims)
