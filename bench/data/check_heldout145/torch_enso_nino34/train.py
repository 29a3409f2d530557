import argparse
import torch
from dataloader.get_dataloader import make_loader
from module.module import total_module
import logging
import sys

def build_logger(log_file):

    # root logger at INFO
    log = logging.getLogger()
    log.setLevel(logging.INFO)

    # write to a file
    fh = logging.FileHandler(log_file)
    fh.setLevel(logging.INFO)

    # and to stdout
    sh = logging.StreamHandler(sys.stdout)
    sh.setLevel(logging.INFO)

    # shared format
    fmt = logging.Formatter('%(asctime)s - %(levelname)s - %(message)s')
    fh.setFormatter(fmt)
    sh.setFormatter(fmt)

    # attach both
    log.addHandler(fh)
    log.addHandler(sh)

    return log

def fit(opts):

    # pick the device
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # log file
    log_file = opts.save_path + "/fit.log"
    log = build_logger(log_file)

    # data
    loader=make_loader(opts)

    # network
    net=total_module(opts)
    net.to(dev)

    # optimiser
    opt=torch.optim.Adam(net.parameters(), lr=opts.learning_rate)

    # objective
    mse=torch.nn.MSELoss()

    net.train()

    lowest = float('inf')  # best epoch loss so far

    # epochs
    log.info("training begins")
    for ep in range(opts.epochs):
        # running sum
        running = 0.0
        for k,batch in enumerate(loader):

            # targets
            y = batch["nino34I"].to(dev)

            sst = batch["sstA"].to(dev)
            ssh = batch["sshA"].to(dev)
            #print(sst.shape)

            opt.zero_grad()

            # forecast
            out=net(sst,ssh)

            loss=mse(out,y)
            loss.backward()
            opt.step()## gradient step

            running += loss.item()

        running /= len(loader)

        # keep the best weights
        if running < lowest:
            lowest = running
            best_file = f'{opts.save_path}/best_model.pth'
            torch.save(net.state_dict(), best_file)

        # report
        log.info(f'epoch {ep + 1}/{opts.epochs}: loss {running:.4f}, best {lowest:.4f}')

    # final weights
    out_file = opts.save_path + "/final_model.pth"
    torch.save(net.state_dict(), out_file)

    log.info(f'final weights in {out_file}')


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument("--data_path", "-d", type=str, required=True, help="folder with the nc files")
    ap.add_argument("--save_path","-s", type=str,default='./save', help="output folder")
    ap.add_argument("--batch_size", "-b",type=int, default=8, help="batch size")
    ap.add_argument("--epochs", "-e", type=int, default=20, help="epochs")
    ap.add_argument("--conv_channels", "-c", type=int, default=32, help="conv channels")
    ap.add_argument("--features", "-f", type=int, default=32, help="feature size")
    ap.add_argument("--use_rnn", "-r",type=bool, default=False, help="add the recurrent part")
    ap.add_argument("--num_layers", "-l",type=int, default=2, help="layers")
    ap.add_argument("--learning_rate",type=float, default=0.001, help="step size")
    ap.add_argument("--mode", "-m", type=str, default="train", help="train or val")
    opts = ap.parse_args()
    fit(opts)
