import torch
import time
import numpy as np
import random

#### modules of this project
from GreedyInfoMax.utils import logger
from GreedyInfoMax.audio.arg_parser import arg_parser
from GreedyInfoMax.audio.models import load_audio_model
from GreedyInfoMax.audio.data import get_dataloader
from GreedyInfoMax.audio.validation import val_by_latent_speakers
from GreedyInfoMax.audio.validation import val_by_InfoNCELoss


def train_gim(run_opts, model):
    n_steps = len(train_wave_loader)

    # print losses every this many steps
    log_every = 100
    # plot speaker latents every this many steps
    latent_every = 1000

    t_start = time.time()

    for epoch_i in range(run_opts.start_epoch, run_opts.num_epochs + run_opts.start_epoch):

        epoch_loss_sums = [0 for _ in range(run_opts.model_splits)]

        for step_i, (audio_batch, file_names, _, start_offsets) in enumerate(train_wave_loader):

            # now and then: t-SNE plot of latents for a few speakers
            if step_i % latent_every == 0:
                val_by_latent_speakers.val_by_latent_speakers(
                    run_opts, train_wave_set, model, epoch_i, step_i
                )

            if step_i % log_every == 0:
                print(
                    "epoch {} of {}, step {} of {}, {:.1f} s".format(
                        epoch_i + 1,
                        run_opts.num_epochs + run_opts.start_epoch,
                        step_i,
                        n_steps,
                        time.time() - t_start,
                    )
                )

            t_start = time.time()

            model_in = audio_batch.to(run_opts.device)

            loss = model(model_in, file_names, start_offsets, n=run_opts.train_layer)
            loss = torch.mean(loss, 0)  # one loss per module, averaged over GPUs

            model.zero_grad()
            loss_total = sum(loss)
            loss_total.backward()
            module_optim.step()

            for module_i, module_loss in enumerate(loss):
                loss_val = module_loss.item()
                epoch_loss_sums[module_i] += loss_val

                if step_i % log_every == 0:
                    print("\t \t module loss: \t \t {:.4f}".format(loss_val))

        run_log.append_train_loss([step_loss / n_steps for step_loss in epoch_loss_sums])

        # InfoNCE loss on the held-out split
        if run_opts.validate:
            val_losses = val_by_InfoNCELoss.infonce_validation(run_opts, model, test_wave_loader)
            run_log.append_val_loss(val_losses)

        run_log.create_log(model, epoch=epoch_i, optimizer=module_optim)


if __name__ == "__main__":

    run_opts = arg_parser.parse_args()
    arg_parser.create_log_path(run_opts)

    # seeds
    torch.manual_seed(run_opts.seed)
    torch.cuda.manual_seed(run_opts.seed)
    np.random.seed(run_opts.seed)
    random.seed(run_opts.seed)

    # network and one optimiser per module
    model, module_optim = load_audio_model.load_model_and_optimizer(run_opts)

    # logging helper
    run_log = logger.Logger(run_opts)

    # LibriSpeech loaders
    train_wave_loader, train_wave_set, test_wave_loader, test_wave_set = get_dataloader.build_libri_loaders(
        run_opts
    )

    try:
        # run
        train_gim(run_opts, model)

    except KeyboardInterrupt:
        print("stopped by the user; writing the logs")

    run_log.create_log(model)
