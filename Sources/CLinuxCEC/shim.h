#include <linux/cec.h>
#include <sys/ioctl.h>

/* The CEC ioctl numbers are function-like macros (_IOR, _IOW, _IOWR), which Swift does not import. */
static const unsigned long cec_ioctl_adap_g_caps = CEC_ADAP_G_CAPS;
static const unsigned long cec_ioctl_adap_g_phys_addr = CEC_ADAP_G_PHYS_ADDR;
static const unsigned long cec_ioctl_adap_g_log_addrs = CEC_ADAP_G_LOG_ADDRS;
static const unsigned long cec_ioctl_adap_s_log_addrs = CEC_ADAP_S_LOG_ADDRS;
static const unsigned long cec_ioctl_adap_g_connector_info = CEC_ADAP_G_CONNECTOR_INFO;
static const unsigned long cec_ioctl_s_mode = CEC_S_MODE;
static const unsigned long cec_ioctl_transmit = CEC_TRANSMIT;
static const unsigned long cec_ioctl_receive = CEC_RECEIVE;
static const unsigned long cec_ioctl_dqevent = CEC_DQEVENT;
