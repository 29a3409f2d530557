import time
from evaluate import evaluate

import torch
from helpers import misc

def fit(net, losses, optim, sched, loaders, dev, out_dir, opt):
    '''
        training loop
    '''
    t0 = time.time()

    # logger ----------------------------------------------------
    log = misc.Logger(out_dir)
    # log.info('-' * 10)
    log.info(vars(opt))
    # log.info(net)
    log.info('training begins')

    ce, tri = losses

    own_loaders, other_loaders = loaders
    tr_loader, q_loader, g_loader = own_loaders
    xq_loader, xg_loader = other_loaders

    own_eval = [q_loader, g_loader]
    other_eval = [xq_loader, xg_loader]

    # ================================ loop ================================
    for ep in range(opt.epochs):

        net.train()
        sched.step(ep)

        # ---------------- one epoch ----------------
        # optimisation
        run_loss = 0.0
        for batch in tr_loader:
            ##################################################################
            # inputs ------------------------------------------------
            x, y = batch
            x = x.to(dev)
            y = y.to(dev)

            ##################################################################
            # reset grads -------------------------------------------
            optim.zero_grad()

            ##################################################################
            # forward -----------------------------------------------
            stripe_logits, glob_feat, fused_feat = net(x)

            ##################################################################
            # global triplet ----------------------------------------
            glob_loss = tri(glob_feat, y)

            # fused triplet -----------------------------------------
            fused_loss = tri(fused_feat, y)

            # per-stripe id loss ------------------------------------
            stripe_loss = 0
            for lg in stripe_logits:
                one = ce(lg, y)
                stripe_loss += one

            # weighted total ----------------------------------------
            w_glob = 0.1
            w_fused = 0
            loss = stripe_loss + w_glob*glob_loss[0] + w_fused*fused_loss[0]

            ##################################################################
            # step --------------------------------------------------
            loss.backward()
            optim.step()

            run_loss += loss.item() * x.size(0)
            
        ##################################################################
        # logging -----------------------------------
        if ep % 10 == 0:
            ep_loss = run_loss / len(tr_loader.dataset)
            log.info('epoch {}/{}'.format(ep + 1, opt.epochs))
            log.info('train loss: {:.4f}'.format(ep_loss))
            left = (opt.epochs - ep)*(time.time() - t0)/(ep+1)
            log.info('about {:.0f}h {:.0f}m left'.format(left//3600, left/60 % 60))
            # keep curves ---------------------------------
            log.x_epoch_loss.append(ep + 1)
            log.y_train_loss.append(ep_loss)

        # evaluation -----------------------------------
        if (ep + 1) % opt.test_every == 0 or ep + 1 == opt.epochs or ep > opt.epochs-5:
            # same-domain ---------------------------------
            torch.cuda.empty_cache()
            CMC, mAP = evaluate(net, own_eval, opt)
            log.info(opt.dataset_name)
            log.info('eval: r1:%.4f r5:%.4f r10:%.4f mAP:%.4f' % (CMC[0], CMC[4], CMC[9], mAP))

            log.x_epoch_test.append(ep + 1)
            log.y_test['top1'].append(CMC[0])
            log.y_test['mAP'].append(mAP)
            if ep + 1 != opt.epochs:
                misc.save_network(net, out_dir, str(ep + 1))

            log.info('-' * 10)

            # # cross-domain ---------------------------------
            torch.cuda.empty_cache()
            CMC, mAP = evaluate(net, other_eval, opt)
            log.info(opt.test_other_dataset_name)
            log.info('eval: r1:%.4f r5:%.4f r10:%.4f mAP:%.4f' % (CMC[0], CMC[4], CMC[9], mAP))
    # ================================ loop end ================================

    # loss curve -----------------------------------
    log.save_curve()

    spent = time.time() - t0
    log.info('done in {:.0f}m {:.0f}s'.format(spent // 60, spent % 60))

    # final weights -----------------------------------
    misc.save_network(net, out_dir, 'final')
