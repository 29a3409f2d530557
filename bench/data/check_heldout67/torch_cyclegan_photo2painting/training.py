import config
import utils
import torch
import torchvision
from tqdm import tqdm


def fit_cyclegan(painting_critic,
                photo_to_painting,
                photo_critic,
                painting_to_photo,
                loader):
    d_scaler = torch.cuda.amp.GradScaler()
    g_scaler = torch.cuda.amp.GradScaler()

    d_opt = torch.optim.Adam(
        list(photo_critic.parameters()) + list(painting_critic.parameters()),
        lr=config.D_LR,
        betas=(config.ADAM_B1, config.ADAM_B2)
    )
    g_opt = torch.optim.Adam(
        list(photo_to_painting.parameters()) + list(painting_to_photo.parameters()),
        lr=config.G_LR,
        betas=(config.ADAM_B1, config.ADAM_B2)
    )

    print(f'device: {config.RUN_DEVICE}\n')

    for epoch in range(config.N_EPOCHS):
        print(f'epoch {epoch + 1}')
        g_hist, d_hist = [], []

        if 0 < epoch < 10:
            d_opt.param_groups[0]['lr'] *= 0.5
            g_opt.param_groups[0]['lr'] *= 0.5

        for step, (photo, painting) in enumerate(tqdm(loader)):
            photo = photo.to(config.RUN_DEVICE)
            painting = painting.to(config.RUN_DEVICE)

            # critics first
            with torch.cuda.amp.autocast():
                # photo critic
                fake_photo = painting_to_photo(painting)
                photo_real_score = photo_critic(photo)
                photo_fake_score = photo_critic(fake_photo.detach())

                photo_real_term = config.l2(photo_real_score, torch.ones_like(photo_real_score))
                photo_fake_term = config.l2(photo_fake_score,
                                                      torch.zeros_like(photo_fake_score))
                photo_critic_loss = photo_real_term + photo_fake_term

                # painting critic
                fake_painting = photo_to_painting(photo)
                painting_real_score = painting_critic(painting)
                painting_fake_score = painting_critic(fake_painting.detach())

                painting_real_term = config.l2(painting_real_score, torch.ones_like(painting_real_score))
                painting_fake_term = config.l2(painting_fake_score,
                                                         torch.zeros_like(painting_fake_score))
                painting_critic_loss = painting_real_term + painting_fake_term

                d_loss = (photo_critic_loss + painting_critic_loss)

            # critic step
            d_opt.zero_grad()
            d_scaler.scale(d_loss).backward()
            d_scaler.step(d_opt)
            d_scaler.update()

            # then the generators
            with torch.cuda.amp.autocast():
                # fool the critics
                photo_fake_score = photo_critic(fake_photo)
                painting_fake_score = painting_critic(fake_painting)

                photo_target = torch.ones_like(photo_fake_score) * 0.9
                painting_target = torch.ones_like(painting_fake_score) * 0.9

                adv_photo = config.l2(photo_fake_score, photo_target)
                adv_painting = config.l2(painting_fake_score, painting_target)

                # cycle consistency
                cyc_photo = config.l1(photo, painting_to_photo(fake_painting))
                cyc_painting = config.l1(painting, photo_to_painting(fake_photo))

                # identity
                id_photo = config.l1(photo, painting_to_photo(photo))
                id_painting = config.l1(painting, photo_to_painting(painting))

                # weighted sum
                g_loss = 0.75 * (
                        adv_photo
                        + adv_painting
                        + cyc_photo * config.W_CYCLE
                        + cyc_painting * config.W_CYCLE
                        + id_photo * config.W_IDENTITY
                        + id_painting * config.W_IDENTITY
                )

            # generator step
            g_opt.zero_grad()
            g_scaler.scale(g_loss).backward()
            g_scaler.step(g_opt)
            g_scaler.update()

            g_hist.append(g_loss.item())
            d_hist.append(d_loss.item())

            if step % config.SNAPSHOT_EVERY == 0:
                real_painting, made_photo, \
                    real_photo, made_painting = utils.denormalize(painting, fake_photo, photo, fake_painting)

                torchvision.utils.save_image(torch.cat([real_painting, made_photo], dim=3),
                                             f"{config.PHOTO_OUT}/generated_photo_epoch{epoch + 1}_{step}.png")
                torchvision.utils.save_image(torch.cat([real_photo, made_painting], dim=3),
                                             f"{config.PAINTING_OUT}/generated_monet_epoch{epoch + 1}_{step}.png")

        print(f'mean generator loss: {torch.tensor(g_hist, dtype=torch.float32).mean()}\n'
              f'mean critic loss: {torch.tensor(d_hist, dtype=torch.float32).mean()}\n')

        utils.plot_epoch_losses(epoch, [g_hist,
                                              d_hist])
