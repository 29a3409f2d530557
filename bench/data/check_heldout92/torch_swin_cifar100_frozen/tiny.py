from jlib.swin import FrozenSwin
from run_swin import fit
device = 'cuda'

net = FrozenSwin(hf_id='microsoft/swin-tiny-patch4-window7-224', n_cls=100, device=device)
fit(
    net=net,
    hf_proc_id='microsoft/swin-tiny-patch4-window7-224',
    hf_id='swin_t_frozen',
    title='Swin-T, frozen backbone',
    n_epochs=5,
    lr=1e-3,
    device=device,
)
