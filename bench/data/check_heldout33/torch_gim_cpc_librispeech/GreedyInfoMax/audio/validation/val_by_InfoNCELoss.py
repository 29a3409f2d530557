import torch
import time

def infonce_validation(run_opts, model, test_wave_loader):
    n_steps = len(test_wave_loader)

    epoch_loss_sums = [0 for i in range(run_opts.model_splits)]
    t_start = time.time()

    for step_i, (audio_batch, _, _, _) in enumerate(test_wave_loader):

        model_in = audio_batch.to(run_opts.device)

        loss = model(model_in)
        loss = torch.mean(loss, 0)

        epoch_loss_sums += loss.data.cpu().numpy()

    for i in range(run_opts.model_splits):
        print(
            "held-out loss of module {}: {:.1f} s --- {:.4f}".format(
                i, time.time() - t_start, epoch_loss_sums[i] / n_steps
            )
        )

    val_losses = [step_loss/n_steps for step_loss in epoch_loss_sums]
    return val_losses
