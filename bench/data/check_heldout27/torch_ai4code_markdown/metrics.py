from bisect import bisect

def n_inversions(a):
    inv = 0
    seen_sorted = []
    for i, val_ in enumerate(a):
        pos = bisect(seen_sorted, val_)
        inv += i - pos
        seen_sorted.insert(pos, val_)
    return inv


def kendall_tau_score(true_lists, pred_lists):
    inv_sum = 0
    max_inv_x2 = 0  # sum over notebooks of n*(n-1)
    for truth, pred in zip(true_lists, pred_lists):
        rank_list = [truth.index(x) for x in pred]  # position of each predicted cell in the true order
        inv_sum += n_inversions(rank_list)
        n_cells = len(truth)
        max_inv_x2 += n_cells * (n_cells - 1)
    return 1 - 4 * inv_sum / max_inv_x2