import pandas as pd
import tensorflow as tf
import os
import sys
import matplotlib.pyplot as plt
# from pprint import pprint

def open_log(tag):
    '''
        make the run folder and send stdout/stderr to a log file inside it
    '''
    run_dir = f"./{tag}"
    if not os.path.exists(run_dir):
        os.makedirs(run_dir)

    fh = open(f"{tag}/train.txt", 'w', buffering=1)
    sys.stderr = fh
    sys.stdout = fh
    return run_dir, fh

def reset_nohup():
    with open("nohup.out", "w") as f:
        pass

def reorder_and_flag(hits):
    '''
        reorder (time, charge, x, y, z) -> (x, y, z, fired, time, charge)
        and add a "fired" channel: 1 when the sensor recorded light
    '''
    order = tf.constant([2, 3, 4, 0, 1])
    hits = tf.gather(hits, order, axis=-1)

    #hits = hits[:, :, [2, 3, 4, 0, 1]]
    #hits = hits.mT
    hits = tf.transpose(hits)
    print("reordering features...", hits.shape)

    ## the "fired" channel is 0 where both time and charge are 0
    #out = torch.zeros(hits.shape[0], hits.shape[1]+1, hits.shape[2])
    #out = tf.zeros([hits.shape[0], hits.shape[1]+1, hits.shape[2]], dtype=hits.dtype)
    has_t = tf.cast(tf.not_equal(hits[3, :, :], 0), dtype=tf.bool)
    has_q = tf.cast(tf.not_equal(hits[4, :, :], 0), dtype=tf.bool)
    fired = tf.cast(tf.logical_and(has_t, has_q), dtype=hits.dtype)
    #fired = ((hits[:, 3, :] != 0) & (hits[:, 4, :] != 0)).float() ## 0 when no time and no charge
    #out[:, 3, :] = fired
    #out[:, :3, :] = hits[:, :3, :]
    #out[:, 4:, :] = hits[:, 3:, :]
    hits = tf.concat([hits[:3, :, :], tf.expand_dims(fired, axis=0), hits[3:, :, :]], axis=0)
    hits = tf.transpose(hits, perm=[2, 1, 0])
    print(f"features shape: {hits.shape}")

    #return tf.transpose(hits,perm=[2, 1, 0]),  tf.transpose(out, perm=[2, 1, 0])
    return hits

def plot_z_radius(diff, dist, abs_diff, total_val_loss, save_name):
    mean_dz, mean_dr = tf.reduce_mean(abs_diff, axis=0)
    sum_dz, sum_dr = abs_diff.sum(axis=0)

    dz = tf.concat(diff["z"], axis=0).cpu()
    dr = tf.concat(diff["radius"], axis=0).cpu()
    du = tf.concat(diff["unif_r"], axis=0).cpu()

    z_hat = tf.concat(dist["z_pred"], axis=0).cpu()
    z = tf.concat(dist["z"], axis=0).cpu()
    r_hat = tf.concat(dist["radius_pred"], axis=0).cpu()
    r = tf.concat(dist["radius"], axis=0).cpu()
    u_hat = tf.concat(dist["unif_r_pred"], axis=0).cpu()
    u = tf.concat(dist["unif_r"], axis=0).cpu()

    ## residual histograms
    plt.close()
    fig, axes = plt.subplots(nrows=2, ncols=3, figsize=(20, 10))
    fig.suptitle(f"val MSE: {total_val_loss:.2f} (z and radius)\n\
    mean |dz|={mean_dz:.2f}, |dr|={mean_dr:.2f}")

    ## residuals
    rng_dz = (-100, 100)
    axes[0,0].hist(dz, bins=20, range=rng_dz, edgecolor='black')
    axes[0,0].set_title(r"$z - \hat{z}$")
    axes[0,0].set_xlabel('dz')
    axes[0,0].set_ylabel('count')

    rng_dr = (-100, 100)
    axes[0,1].hist(dr, bins=20, range=rng_dr, edgecolor='black')
    axes[0,1].set_title(r"$r - \hat{r}$")
    axes[0,1].set_xlabel('dr')
    axes[0,1].set_ylabel('count')

    rng_du = (-100, 100)
    axes[0,2].hist(du, bins=20, range=rng_du, edgecolor='black')
    axes[0,2].set_title(r"uniformised $r' - \hat{r'}$")
    axes[0,2].set_xlabel('uniformised dr')
    axes[0,2].set_ylabel('count')

    ## distributions
    # rng_z = (min(z.min(), z_hat.min()).item(), max(z.max(), z_hat.max()).item())
    rng_z = (-200, 200)
    axes[1,0].hist(z, bins=20, range=rng_z, edgecolor='black', label="z")
    axes[1,0].hist(z_hat, bins=20, range=rng_z, edgecolor='blue', label=r'$\hat{z}$', alpha=0.5)
    axes[1,0].set_title("z")
    axes[1,0].set_xlabel('z')
    axes[1,0].set_ylabel('count')

    # rng_r = (min(r.min(), r_hat.min()).item(), max(r.max(), r_hat.max()).item())
    rng_r = (0, 200)
    axes[1,1].hist(r, bins=20, range=rng_r, edgecolor='black', label=r"$r$")
    axes[1,1].hist(r_hat, bins=20, range=rng_r, edgecolor='blue', label=r"$\hat{r}$", alpha=0.5)
    axes[1,1].set_title("radius")
    axes[1,1].set_xlabel('r')
    axes[1,1].set_ylabel('count')

    # rng_u = (min(u.min(), u_hat.min()).item(), max(u.max(), u_hat.max()).item())
    rng_u = (0, 150)
    axes[1,2].hist(u, bins=20, range=rng_u, edgecolor='black', label=r"uniformised $r$")
    axes[1,2].hist(u_hat, bins=20, range=rng_u, edgecolor='blue', label=r"uniformised $\hat{r}$", alpha=0.5)
    axes[1,2].set_title("uniformised radius")
    axes[1,2].set_xlabel(r'$(r / 35) ^ {1 / 3}$')
    axes[1,2].set_ylabel('count')

    axes[1, 0].legend()
    axes[1, 1].legend()
    axes[1, 2].legend()

    plt.savefig(save_name + "_hist.png")
    plt.close()

def plot_regression(diff, dist, total_val_loss, abs_diff, save_name, args):
    if args.xyz_energy:
        mx, my, mz, me = tf.reduce_mean(abs_diff, axis=0)
        de = tf.concat(diff["energy"], axis=0).cpu()
        e_hat = tf.concat(dist["energy_pred"], axis=0).cpu()
        e = tf.concat(dist["energy"], axis=0).cpu()
    else:
        mx, my, mz = tf.reduce_mean(abs_diff, axis=0)

    dx = tf.concat(diff["x"], axis=0).cpu()
    dy = tf.concat(diff["y"], axis=0).cpu()
    dz = tf.concat(diff["z"], axis=0).cpu()

    x_hat = tf.concat(dist["x_pred"], axis=0).cpu()
    y_hat = tf.concat(dist["y_pred"], axis=0).cpu()
    z_hat = tf.concat(dist["z_pred"], axis=0).cpu()

    x = tf.concat(dist["x"], axis=0).cpu()
    y = tf.concat(dist["y"], axis=0).cpu()
    z = tf.concat(dist["z"], axis=0).cpu()

    plt.close()
    if args.xyz_energy:
        fig, axes = plt.subplots(nrows=2, ncols=4, figsize=(20, 10))
        fig.suptitle(f"val MSE: {total_val_loss:.2f} (x, y, z and energy)\n\
        mean |dx|={mx:.2f}, |dy|={my:.2f}, |dz|={mz:.2f}, |dE|={me:.2f}")
    else:
        fig, axes = plt.subplots(nrows=2, ncols=3, figsize=(20, 10))
        fig.suptitle(f"val MSE: {total_val_loss:.2f} (x, y and z)\n\
        mean |dx|={mx:.2f}, |dy|={my:.2f}, |dz|={mz:.2f}")

    ## residuals
    rng_dx = (-50, 50)
    axes[0,0].hist(dx, bins=20, range=rng_dx, edgecolor='black')
    axes[0,0].set_title(r"$x - \hat{x}$")
    axes[0,0].set_xlabel('dx')
    axes[0,0].set_ylabel('count')

    rng_dy = (-50, 50)
    axes[0,1].hist(dy, bins=20, range=rng_dy, edgecolor='black')
    axes[0,1].set_title(r"$y - \hat{y}$")
    axes[0,1].set_xlabel('dy')
    axes[0,1].set_ylabel('count')

    rng_dz = (-50, 50)
    axes[0,2].hist(dz, bins=20, range=rng_dz, edgecolor='black')
    axes[0,2].set_title(r"$z - \hat{z}$")
    axes[0,2].set_xlabel('dz')
    axes[0,2].set_ylabel('count')

    rng_de = (0, 1)
    axes[0,3].hist(de, bins=20, range=rng_de, edgecolor='black')
    axes[0,3].set_title(r"$E - \hat{E}$")
    axes[0,3].set_xlabel('dE')
    axes[0,3].set_ylabel('count')

    ## distributions
    rng_x = (-250, 250)
    axes[1,0].hist(x, bins=20, range=rng_x, edgecolor='black', label="x")
    axes[1,0].hist(x_hat, bins=20, range=rng_x, edgecolor='blue', label=r'$\hat{x}$', alpha=0.5)
    axes[1,0].set_title("x")
    axes[1,0].set_xlabel('x')
    axes[1,0].set_ylabel('count')

    rng_y = (-250, 250)
    axes[1,1].hist(y, bins=20, range=rng_y, edgecolor='black', label="y")
    axes[1,1].hist(y_hat, bins=20, range=rng_y, edgecolor='blue', label=r'$\hat{y}$', alpha=0.5)
    axes[1,1].set_title("y")
    axes[1,1].set_xlabel('y')
    axes[1,1].set_ylabel('count')

    rng_z = (-250, 250)
    axes[1,2].hist(x, bins=20, range=rng_x, edgecolor='black', label="z")
    axes[1,2].hist(x_hat, bins=20, range=rng_x, edgecolor='blue', label=r'$\hat{z}$', alpha=0.5)
    axes[1,2].set_title("z")
    axes[1,2].set_xlabel(r'z')
    axes[1,2].set_ylabel('count')

    rng_e = (0, 4)
    axes[1,3].hist(e, bins=20, range=rng_e, edgecolor='black', label="true")
    axes[1,3].hist(e_hat, bins=20, range=rng_e, edgecolor='blue', label="pred", alpha=0.5)
    axes[1,3].set_title(r"energy")
    axes[1,3].set_xlabel('E')
    axes[1,3].set_ylabel('count')

    axes[1, 0].legend()
    axes[1, 1].legend()
    axes[1, 2].legend()

    plt.savefig(save_name + "_hist.png")
    plt.close()
