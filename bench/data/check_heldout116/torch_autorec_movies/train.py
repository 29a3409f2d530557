import numpy as np
from utils import unpack_archive, load_top_subset, build_id_maps, build_lookups
from model import RatingAutoEncoder
from scipy.sparse import lil_matrix
import torch
import matplotlib.pyplot as plt

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')


# fill three sparse user x movie matrices from the lookup dictionaries
def fill_sparse():
    full_mat = lil_matrix((N, M))
    fit_mat = lil_matrix((N, M))
    held_mat = lil_matrix((N, M))

    for u in range(N):
        seen = u_to_items[u]
        np.random.shuffle(seen)
        cut = int(0.8 * len(seen))

        seen_fit = seen[:cut]
        seen_held = seen[cut:]

        for m in seen_fit:
            score = pair_to_score[(u, m)]
            full_mat[u, m] = score
            fit_mat[u, m] = score

        for m in seen_held:
            score = pair_to_score[(u, m)]
            full_mat[u, m] = score
            held_mat[u, m] = score

    return full_mat, fit_mat, held_mat


def masked_mse(out, truth):
    observed = truth.nonzero(as_tuple=True)
    value = torch.mean((out[observed] - truth[observed]) ** 2)
    return value


def run_training():
    n_rounds = 100
    bs = 64
    steps = N // bs
    fit_curve = []
    held_curve = []

    for rnd in range(n_rounds):

        # np.random.shuffle(order)
        # full_mat=full_mat[order, :]
        fit_round = []
        held_round = []

        for s in range(steps):
            net.train()

            fit_rows = torch.tensor(fit_mat[s * bs:(s + 1) * bs].toarray(),
                                    dtype=torch.float32).to(dev)

            opt.zero_grad()
            fit_out = net(fit_rows)
            fit_err = masked_mse(fit_out, fit_rows)
            fit_err.backward()
            fit_round.append(fit_err.item())
            opt.step()

            net.eval()

            held_rows = torch.tensor(held_mat[s * bs:(s + 1) * bs].toarray(),
                                     dtype=torch.float32).to(dev)
            held_out = net(held_rows)
            held_err = masked_mse(held_out, held_rows)
            held_round.append(held_err.item())

        fit_mean = np.mean(fit_round)
        fit_curve.append(fit_mean)

        held_mean = np.mean(held_round)
        held_curve.append(held_mean)

        print(f'round {rnd} fit mse: {fit_mean:.4f}   ,   held mse: {held_mean:.4f}')

    return fit_curve, held_curve


# score every movie the given user has not rated yet
def score_unseen(raw_uid):
    u = uid_to_row[raw_uid]
    row_vec = torch.tensor(full_mat[0].toarray(), dtype=torch.float32).to(dev)
    row_out = net(row_vec)
    blank = torch.nonzero(row_vec == 0, as_tuple=True)
    blank_scores = row_out[blank]
    blank_ids = [row_to_mid[k.item()] for k in blank[1]]
    return blank_ids, blank_scores


if __name__ == "__main__":
    unpack_archive()  # unzip the kaggle archive once

    # keep the 10000 busiest users and the 2000 most rated movies
    N = 10000
    M = 2000

    # subset frame plus the kept raw ids
    frame, fit_frame, held_frame, kept_users, kept_movies = load_top_subset(N, M)

    # dense 0..N-1 / 0..M-1 indices for the kept ids
    uid_to_row, mid_to_col, row_to_uid, row_to_mid = build_id_maps(kept_users, kept_movies)

    # lookup dictionaries shared with the factorisation script
    # only needed here to fill the sparse matrices
    u_to_items, pair_to_score, m_to_users, m_to_user_scores = build_lookups(frame, kept_users, kept_movies,
                                                                            uid_to_row, mid_to_col)
    # sparse rating matrices
    full_mat, fit_mat, held_mat = fill_sparse()

    H = 700

    net = RatingAutoEncoder(M, H).to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=0.001)

    fit_curve, held_curve = run_training()

    plt.plot(fit_curve, label="fit mse")
    plt.plot(held_curve, label="held mse")
    plt.legend()
    plt.show()

    result = score_unseen(kept_users[100])
    for mid, s in zip(result[0], result[1]):
        print(f'movie {mid} -> predicted {s:.4f}')
