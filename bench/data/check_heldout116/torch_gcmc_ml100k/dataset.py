import os
import urllib.request
from zipfile import ZipFile
from io import StringIO

import numpy as np
import pandas as pd
import scipy.sparse as sp


def norm_bipartite(mats, symmetric=True):
    """ degree-normalise a list of user x movie rating supports together """

    print('{} degree normalisation of the supports'.format(
        ['left', 'two-sided'][symmetric]))

    adj_sum = np.sum([a for a in mats])
    deg_u = np.asarray(adj_sum.sum(1)).flatten()
    deg_v = np.asarray(adj_sum.sum(0)).flatten()

    # empty rows/cols: avoid a division by zero
    deg_u[deg_u == 0.] = np.inf
    deg_v[deg_v == 0.] = np.inf

    du_isq = 1. / np.sqrt(deg_u)
    dv_isq = 1. / np.sqrt(deg_v)
    Du = sp.diags([du_isq], [0])
    Dv = sp.diags([dv_isq], [0])

    Du_inv = Du.dot(Du)

    if symmetric:
        normed = [Du.dot(a).dot(
            Dv) for a in mats]

    else:
        normed = [Du_inv.dot(a) for a in mats]

    return normed


def rating_supports(edges, n_u, n_m, symmetric_normalization):
    u2m = []
    m2u = []
    fit_edges = edges.loc[edges['usage'] == 'train']
    for r in range(5):
        pairs = fit_edges.loc[fit_edges.ratings == r, [
            'user_node_id', 'movie_node_id']].to_numpy()
        sup = sp.csr_matrix((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])),
                                shape=(n_u, n_m), dtype=np.float32)
        u2m.append(sup)
        m2u.append(sup.T)

    u2m = norm_bipartite(u2m,
                                                                    symmetric=symmetric_normalization)
    m2u = norm_bipartite(m2u,
                                                                    symmetric=symmetric_normalization)

    return u2m, m2u


def node_onehots(n_u, n_m):
    """identity features, one row per node"""
    eye_all = np.identity(n_u + n_m, dtype=np.float32)
    u_eye, m_eye = eye_all[
        :n_u], eye_all[n_u:]

    return u_eye, m_eye


def user_attrs(users_t: pd.DataFrame):
    """user attributes: scaled age, gender code, occupation dummies"""
    age_v = users_t['age'].to_numpy().astype('float32')
    age_v /= age_v.max()
    age_v = age_v.reshape((-1, 1))
    g_codes, g_names = pd.factorize(users_t['gender'])
    g_codes = np.reshape(g_codes, (-1, 1))
    occ = pd.get_dummies(users_t['occupation']).to_numpy()

    u_feat = np.concatenate([age_v, g_codes, occ], axis=1)

    return u_feat


def movie_attrs(movies_t: pd.DataFrame):
    """movie attributes: the genre flags"""
    genre_cols = ['Action', 'Adventure', 'Animation',
                        'Childrens', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Fantasy',
                        'Film-Noir', 'Horror', 'Musical', 'Mystery', 'Romance', 'Sci-Fi',
                        'Thriller', 'War', 'Western']
    genres = movies_t.loc[:,
                                     genre_cols].to_numpy().astype('float32')
    return genres


def pad_to_common(u_feat: np.ndarray, m_feat: np.ndarray):
    """zero-pad user and movie attributes to one common width"""
    n_u, u_width = u_feat.shape
    n_m, m_width = m_feat.shape
    u_feat = np.concatenate(
        [u_feat, np.zeros((n_u, m_width))], axis=1)
    m_feat = np.concatenate(
        [np.zeros((n_m, u_width)), m_feat], axis=1)

    return u_feat, m_feat


def normalize_feature(feature):
    row_sum = feature.sum(1)
    row_sum[row_sum == 0] = np.inf
    normalized_feat = feature / row_sum.reshape(-1, 1)
    return normalized_feat


class Ml100k(object):
    url = "http://files.grouplens.org/datasets/movielens/ml-100k.zip"

    def __init__(self, root_dir="data"):
        self.root_dir = root_dir
        self.ensure_files()

    @staticmethod
    def make_graph(edges: pd.DataFrame, users_raw: pd.DataFrame,
                    movies_raw: pd.DataFrame, symmetric_normalization=False):
        users_t = edges[['user_node']
                            ].drop_duplicates().sort_values('user_node')
        movies_t = edges[['movie_node']
                             ].drop_duplicates().sort_values('movie_node')
        users_t.loc[:, 'user_node_id'] = range(len(users_t))
        movies_t.loc[:, 'movie_node_id'] = range(len(movies_t))

        edges = edges.merge(users_t, on='user_node', how='left')\
            .merge(movies_t, on='movie_node', how='left')

        users_t = users_t.merge(users_raw, on='user_node', how='left')
        movies_t = movies_t.merge(movies_raw, on='movie_node', how='left')
        n_u = len(users_t)
        n_m = len(movies_t)

        # per-rating supports
        u2m, m2u = rating_supports(edges, n_u, n_m,
                                                                       symmetric_normalization)

        # attribute features
        u_side = user_attrs(users_t)
        m_side = movie_attrs(movies_t)
        u_side = normalize_feature(u_side)
        m_side = normalize_feature(m_side)
        u_side, m_side = pad_to_common(u_side,
                                                                       m_side)

        # identity features
        u_eye, m_eye = node_onehots(
            n_u, n_m)

        # edge endpoints, targets and the split mask
        u_idx, m_idx, ys = edges[[
            'user_node_id', 'movie_node_id', 'ratings']].to_numpy().T
        fit_mask = (edges['usage'] == 'train').to_numpy()

        return u2m, m2u, \
            u_side, m_side, \
            u_eye, m_eye, \
            u_idx, m_idx, ys, fit_mask

    def load_tables(self):
        folder = os.path.join(self.root_dir, "ml-100k")
        # rating edges
        fit_part = pd.read_csv(os.path.join(folder, 'u1.base'), sep='\t',
                                 header=None, names=['user_node', 'movie_node', 'ratings', 'timestamp'])
        fit_part.loc[:, 'usage'] = 'train'
        held_part = pd.read_csv(os.path.join(folder, 'u1.test'), sep='\t',
                                header=None, names=['user_node', 'movie_node', 'ratings', 'timestamp'])
        held_part.loc[:, 'usage'] = 'test'
        edges = pd.concat((fit_part, held_part),
                            axis=0).drop(columns='timestamp')
        edges.loc[:, 'ratings'] -= 1
        # movie table
        delim = r'|'
        items_path = os.path.join(folder, 'u.item')
        item_cols = ['movie_node', 'movie_title', 'release_date', 'video_release_date',
                         'IMDb_URL', 'unknown', 'Action', 'Adventure', 'Animation',
                         'Childrens', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Fantasy',
                         'Film-Noir', 'Horror', 'Musical', 'Mystery', 'Romance', 'Sci-Fi',
                         'Thriller', 'War', 'Western']
        movies_raw = pd.read_csv(items_path, sep=delim, header=None,
                               names=item_cols, encoding='latin1')
        # user table
        users_path = os.path.join(folder, 'u.user')
        user_cols = ['user_node', 'age',
                         'gender', 'occupation', 'zip_code']
        users_raw2 = pd.read_csv(users_path, sep=delim, header=None,
                               names=user_cols, encoding='latin1')
        return edges, users_raw2, movies_raw

    def ensure_files(self):
        dest = os.path.join(self.root_dir)
        if not os.path.exists(dest):
            self.fetch_zip(self.url, dest)
        if not os.path.exists(os.path.join(self.root_dir, "ml-100k")):
            zip_path = os.path.join(self.root_dir, "ml-100k.zip")
            with ZipFile(zip_path, "r") as zf:
                zf.extractall(os.path.join(self.root_dir))
                print("unzipping {}".format(zip_path))

    @staticmethod
    def fetch_zip(url, dest):
        """fetch the zip when it is not on disk yet"""
        print("fetching {}".format(url))
        if not os.path.exists(dest):
            os.makedirs(dest)
        resp = urllib.request.urlopen(url)
        fname = os.path.basename(url)
        with open(os.path.join(dest, fname), 'wb') as fh:
            fh.write(resp.read())
        return True


if __name__ == "__main__":
    ds_obj = Ml100k()
    u2m, m2u, \
        u_side, m_side, \
        u_eye, m_eye, \
        u_idx, m_idx, ys, fit_mask = ds_obj.make_graph(
            *ds_obj.load_tables())
