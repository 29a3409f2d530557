#  adapted from a "NeRF from nothing" PyTorch notebook
from Nerf_model import NeRF
from Prepare_func import *

device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
print(device)

"""
data and settings
"""
# bundle = np.load('NeRF_pytorch/tiny_nerf_data.npz')
bundle = np.load('data/arm_data/4dof_data01.npz')
frames = bundle['images']
cams = bundle['poses']
focal = bundle['focal']
"""extra joint angle input"""
joints = bundle['angles']

near, far = 2., 6.

n_train = 200
held_idx = 201
held_img, held_pose, held_joint = frames[held_idx], cams[held_idx], joints[held_idx]

# as torch tensors on the device
frames = torch.from_numpy(bundle['images'].astype('float32')[:n_train]).to(device)
cams = torch.from_numpy(bundle['poses'].astype('float32')).to(device)
focal = torch.from_numpy(bundle['focal'].astype('float32')).to(device)
"""extra joint angle input"""
joints = torch.from_numpy(bundle['angles'].astype('float32')).to(device)

held_img = torch.from_numpy(bundle['images'].astype('float32')[held_idx]).to(device)
held_pose = torch.from_numpy(bundle['poses'].astype('float32')[held_idx]).to(device)
held_joint = torch.tensor(bundle['angles'][held_idx].astype('float32')).to(device)

# image size

height, width = frames.shape[1:3]

# positional encoders
d_input = 4  # input coordinates
n_freqs = 10  # encoding frequencies for points
log_space = True  # log-spaced frequencies
use_viewdirs = False  # feed view directions too
n_freqs_views = 4  # encoding frequencies for directions

# stratified sampling
n_samples = 64  # samples per ray
perturb = True  # jitter sample positions
inverse_depth = False  # sample linearly in inverse depth

# networks
d_filter = 128  # hidden width
n_layers = 2  # hidden layers
skip = []  # layers with input skip
use_fine_model = True  # also build a fine network
d_filter_fine = 128  # hidden width of the fine network
n_layers_fine = 6  # hidden layers of the fine network

# hierarchical sampling
n_samples_hierarchical = 64  # fine samples per ray
perturb_hierarchical = False  # jitter fine samples

# optimiser
lr = 5e-4  # step size

# training
n_iters = 10000
batch_size = 2 ** 14  # rays per step
one_image_per_step = True  # a single image per step
chunksize = 2 ** 14  # rays per forward chunk
center_crop = True  # crop early iterations
center_crop_iters = 50  # stop cropping after this
display_rate = 25  # evaluate every this many iterations

# early stop
warmup_iters = 100  # warm-up length
warmup_min_fitness = 10.0  # val PSNR needed after warm-up
n_restarts = 10  # restarts if training stalls

# keyword bundles
kwargs_sample_stratified = {
    'n_samples': n_samples,
    'perturb': perturb,
    'inverse_depth': inverse_depth
}
kwargs_sample_hierarchical = {
    'perturb': perturb
}


def draw_samples(
        z_vals: torch.Tensor,
        z_fine: Optional[torch.Tensor] = None,
        ax: Optional[np.ndarray] = None):
    r"""
  Show coarse and fine sample positions.
  """
    ys = 1 + np.zeros_like(z_vals)

    if ax is None:
        ax = plt.subplot()
    ax.plot(z_vals, ys, 'b-o')
    if z_fine is not None:
        ys_fine = np.zeros_like(z_fine)
        ax.plot(z_fine, ys_fine, 'r-o')
    ax.set_ylim([-1, 2])
    ax.set_title('coarse (blue) and fine (red) samples')
    ax.axes.yaxis.set_visible(False)
    ax.grid(True)
    return ax


def middle_crop(
        img: torch.Tensor,
        frac: float = 0.5
) -> torch.Tensor:
    r"""
  Keep the central part of an image.
  """
    dh = round(img.shape[0] * (frac / 2))
    dw = round(img.shape[1] * (frac / 2))
    return img[dh:-dh, dw:-dw]


class Plateau:
    r"""
  Stops when the score stops improving.
  """

    def __init__(
            self,
            patience: int = 30,
            margin: float = 1e-4
    ):
        self.best_score = 0.0  # PSNR
        self.best_step = 0
        self.margin = margin
        self.patience = patience or float('inf')  # steps allowed without gain

    def __call__(
            self,
            step: int,
            score: float
    ):
        r"""
    True when patience ran out.
    """
        if (score - self.best_score) > self.margin:
            self.best_step = step
            self.best_score = score
        gap = step - self.best_step
        halt = gap >= self.patience  # out of patience
        return halt


def build_all():
    r"""
  Networks, encoders and optimiser.
  """
    # encoders
    enc = PositionalEncoder(d_input, n_freqs, log_space=log_space)
    encode = lambda x: enc(x)

    # direction encoders
    if use_viewdirs:
        enc_dirs = PositionalEncoder(d_input, n_freqs_views,
                                             log_space=log_space)
        encode_dirs = lambda x: enc_dirs(x)
        d_dirs = enc_dirs.d_output
    else:
        encode_dirs = None
        d_dirs = None

    # networks
    coarse = NeRF(enc.d_output, n_layers=n_layers, d_filter=d_filter, skip=skip,
                 d_viewdirs=d_dirs)
    coarse.to(device)
    params = list(coarse.parameters())
    if use_fine_model:
        fine = NeRF(enc.d_output, n_layers=n_layers, d_filter=d_filter, skip=skip,
                          d_viewdirs=d_dirs)
        fine.to(device)
        params = params + list(fine.parameters())
    else:
        fine = None

    # optimiser
    opt = torch.optim.Adam(params, lr=lr)

    # early stop
    stopper = Plateau(patience=50)

    return coarse, fine, encode, encode_dirs, opt, stopper


def run_training(coarse, fine, encode, encode_dirs, opt, stopper):
    r"""
    One NeRF training session.
    """
    # shuffle rays of all images together
    if not one_image_per_step:
        height, width = frames.shape[1:3]
        every_ray = torch.stack([torch.stack(get_rays(height, width, focal, c), 0)
                                for c in cams[:n_train]], 0)
        ray_rgb = torch.cat([every_ray, frames[:, None]], 1)
        ray_rgb = torch.permute(ray_rgb, [0, 2, 3, 1, 4])
        ray_rgb = ray_rgb.reshape([-1, 3, 3])
        ray_rgb = ray_rgb.type(torch.float32)
        ray_rgb = ray_rgb[torch.randperm(ray_rgb.shape[0])]
        cursor = 0

    train_psnr = []
    val_psnr_log = []
    steps_logged = []
    for i in trange(n_iters):
        coarse.train()

        if one_image_per_step:
            # one random image
            pick = np.random.randint(frames.shape[0])
            target = frames[pick].to(device)
            """extra joint angle input"""
            joint = joints[pick].to(device)
            """extra joint angle input"""
            if center_crop and i < center_crop_iters:
                target = middle_crop(target)
            height, width = target.shape[:2]
            pose = cams[pick].to(device)
            rays_o, rays_d = get_rays(height, width, focal, pose)
            rays_o = rays_o.reshape([-1, 3])
            rays_d = rays_d.reshape([-1, 3])
        else:
            # random rays over all images
            chunk = ray_rgb[cursor:cursor + batch_size]
            chunk = torch.transpose(chunk, 0, 1)
            rays_o, rays_d, target = chunk
            height, width = target.shape[:2]
            cursor += batch_size
            # reshuffle after a pass
            if cursor >= ray_rgb.shape[0]:
                ray_rgb = ray_rgb[torch.randperm(ray_rgb.shape[0])]
                cursor = 0
        target = target.reshape([-1, 3])

        # render the chosen rays
        out = nerf_forward(rays_o, rays_d,
                               near, far, encode, coarse,
                               kwargs_sample_stratified=kwargs_sample_stratified,
                               n_samples_hierarchical=n_samples_hierarchical,
                               kwargs_sample_hierarchical=kwargs_sample_hierarchical,
                               fine_model=fine,
                               viewdirs_encoding_fn=encode_dirs,
                               chunksize=chunksize,
                               arm_angle=joint)

        # look for NaN / Inf
        for name, val in out.items():
            if torch.isnan(val).any():
                print(f"! {name} has NaN.")
            if torch.isinf(val).any():
                print(f"! {name} has Inf.")

        # gradient step
        rgb = out['rgb_map']
        loss = torch.nn.functional.mse_loss(rgb, target)
        loss.backward()
        opt.step()
        opt.zero_grad()

        # PSNR of the step
        psnr = -10. * torch.log10(loss)
        train_psnr.append(psnr.item())

        # render the held-out view now and then
        if i % display_rate == 0:
            coarse.eval()
            height, width = held_img.shape[:2]
            rays_o, rays_d = get_rays(height, width, focal, held_pose)
            rays_o = rays_o.reshape([-1, 3])
            rays_d = rays_d.reshape([-1, 3])
            out = nerf_forward(rays_o, rays_d,
                                   near, far, encode, coarse,
                                   kwargs_sample_stratified=kwargs_sample_stratified,
                                   n_samples_hierarchical=n_samples_hierarchical,
                                   kwargs_sample_hierarchical=kwargs_sample_hierarchical,
                                   fine_model=fine,
                                   viewdirs_encoding_fn=encode_dirs,
                                   chunksize=chunksize,
                                   arm_angle=held_joint)

            rgb = out['rgb_map']
            loss = torch.nn.functional.mse_loss(rgb, held_img.reshape(-1, 3))
            print("loss:", loss.item(), "psnr: ", psnr)
            val_psnr = -10. * torch.log10(loss)

            val_psnr_log.append(val_psnr.item())
            steps_logged.append(i)

            # figure (left out)
            # fig, ax = plt.subplots(1, 4, figsize=(24, 4), gridspec_kw={'width_ratios': [1, 1, 1, 3]})
            # ax[0].imshow(rgb.reshape([height, width, 3]).detach().cpu().numpy())
            # ax[0].set_title(f'step {i}')
            # ax[1].imshow(held_img.detach().cpu().numpy())
            # ax[1].set_title('target')
            # ax[2].plot(range(0, i + 1), train_psnr, 'r')
            # ax[2].plot(steps_logged, val_psnr_log, 'b')
            # ax[2].set_title('PSNR (train red, val blue)')
            # zc = out['z_vals_stratified'].view((-1, n_samples))
            # zc_mid = zc[zc.shape[0] // 2].detach().cpu().numpy()
            # if 'z_vals_hierarchical' in out:
            #     zf = out['z_vals_hierarchical'].view((-1, n_samples_hierarchical))
            #     zf_mid = zf[zf.shape[0] // 2].detach().cpu().numpy()
            # else:
            #     zf_mid = None
            # _ = draw_samples(zc_mid, zf_mid, ax=ax[3])
            # ax[3].margins(0)
            # plt.show()

            # write the rendered view
            arr = rgb.reshape([height, width, 3]).detach().cpu().numpy()
            matplotlib.image.imsave(LOG_DIR + 'image/' + '0.png', arr)

        # stop early on a bad start
        if i == warmup_iters - 1:
            if val_psnr < warmup_min_fitness:
                print(f'val PSNR {val_psnr} under {warmup_min_fitness}; stopping')
                return False, train_psnr, val_psnr_log
        elif i < warmup_iters:
            if stopper is not None and stopper(i, psnr):
                print(f'train PSNR flat at {psnr} for {stopper.patience} steps; stopping')
                return False, train_psnr, val_psnr_log

    return True, train_psnr, val_psnr_log


if __name__ == "__main__":
    # training sessions
    LOG_DIR = "train_log/log01/"
    try:
        os.mkdir(LOG_DIR)
        os.mkdir(LOG_DIR + "image/")
        print("made log dirs")
    except OSError:
        pass

    for _ in range(n_restarts):
        coarse, fine, encode, encode_dirs, opt, stopper = build_all()
        ok, train_psnr, val_psnr_log = run_training(coarse, fine, encode, encode_dirs, opt, stopper)
        if ok and val_psnr_log[-1] >= warmup_min_fitness:
            print('trained')
            break

    print('')
    print(f'finished')

    torch.save(coarse.state_dict(), LOG_DIR + 'nerf.pt')
    torch.save(fine.state_dict(), LOG_DIR + 'nerf-fine.pt')
